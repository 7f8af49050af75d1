import Foundation

/// One estimate of a discipline's headline quantity (a threshold, a spread) over some stretch of time, with its
/// 95 % interval, as numbers in the discipline's unit. Smaller is better for every quantity progress follows.
public struct ProgressEstimate: Hashable, Sendable {
    /// The first day of the first period it covers.
    public var start: Date
    /// The first day of the last period it covers (the same as `start` for one period).
    public var lastStart: Date
    /// How many periods it pools.
    public var periods: Int
    public var value: Double
    public var lower: Double
    public var upper: Double
    /// The answers (attempts, trials) behind it.
    public var trials: Int
    /// False ("not enough data yet") when the interval is too wide to say anything (`ThresholdEstimate`'s rule).
    public var isConclusive: Bool

    /// upper / lower of the interval (infinite when the lower edge is 0).
    public var intervalRatio: Double { lower > 0 ? upper / lower : .infinity }

    public init(start: Date, lastStart: Date? = nil, periods: Int = 1, value: Double, lower: Double, upper: Double,
                trials: Int, isConclusive: Bool = true) {
        self.start = start
        self.lastStart = lastStart ?? start
        self.periods = periods
        self.value = value
        self.lower = lower
        self.upper = upper
        self.trials = trials
        self.isConclusive = isConclusive
    }
}

extension ProgressEstimate {
    /// Median and 95 % interval of a level's masses on a log grid (`firstLog`, then every `logStep`), conclusive by
    /// `ThresholdEstimate`'s rule: bounded inside the grid and at most `maximumRatio` wide (its
    /// `maximumConclusiveRatio` unless the caller knows the data are enough whatever the width).
    public init(masses: [Double], firstLog: Double, logStep: Double, start: Date, trials: Int,
                maximumRatio: Double = ThresholdEstimate.maximumConclusiveRatio) {
        func value(_ position: Double) -> Double { exp(firstLog + position * logStep) }
        let low = GridQuantile.position(of: 0.025, in: masses)
        let middle = GridQuantile.position(of: 0.5, in: masses)
        let high = GridQuantile.position(of: 0.975, in: masses)
        let lower = value(low.position), upper = value(high.position)
        let bounded = low.cell > 0 && high.cell < masses.count - 1
        self.init(start: start, value: value(middle.position), lower: lower, upper: upper, trials: trials,
                  isConclusive: bounded && upper / lower <= maximumRatio)
    }
}
