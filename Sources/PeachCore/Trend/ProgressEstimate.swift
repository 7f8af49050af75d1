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

    /// upper / lower of the interval (infinite when the lower edge is 0).
    public var intervalRatio: Double { lower > 0 ? upper / lower : .infinity }

    public init(start: Date, lastStart: Date? = nil, periods: Int = 1, value: Double, lower: Double, upper: Double,
                trials: Int) {
        self.start = start
        self.lastStart = lastStart ?? start
        self.periods = periods
        self.value = value
        self.lower = lower
        self.upper = upper
        self.trials = trials
    }
}
