import Foundation

/// A discrimination threshold (the lapse-free 75 % point) with its 95 % credible interval.
public struct ThresholdEstimate: Hashable, Sendable {
    public var median: Cents
    /// 2.5 % and 97.5 % posterior quantiles.
    public var lower: Cents
    public var upper: Cents
    /// Answered trials behind it (for a region: its own trials, not those it borrowed from neighbours).
    public var trials: Int
    /// False ("not enough data") when the interval reaches the edge of the grid (the data do not bound it) or
    /// spans more than `maximumConclusiveRatio` (a lapse-tolerant model never quite rules out any threshold:
    /// three answers leave an interval like 0.1 – 180 c that does not touch the edge but says nothing).
    public var isConclusive: Bool

    /// Upper / lower beyond which an interval is "not enough data": a factor of about 3 either way.
    public static let maximumConclusiveRatio = 10.0

    public init(median: Cents, lower: Cents, upper: Cents, trials: Int, isConclusive: Bool) {
        self.median = median
        self.lower = lower
        self.upper = upper
        self.trials = trials
        self.isConclusive = isConclusive
    }

    /// upper / lower: 2 means "within a factor √2 either way".
    public var intervalRatio: Double { upper.value / lower.value }

    /// Above this a threshold is beyond what Peach measures: training plays differences up to 100 cents (or ms), and
    /// the grid's range above it only keeps a hopeless listener's posterior off its edge.
    public static let measurableCeiling = 100.0

    /// Whether even the interval's lower end lies above `measurableCeiling`: the listener cannot tell the largest
    /// differences Peach plays, and the grid's top (200) would be no figure of theirs.
    public var isBeyondMeasure: Bool { lower.value >= Self.measurableCeiling }

    public func contains(_ threshold: Cents) -> Bool { lower <= threshold && threshold <= upper }

    /// Median and 95 % interval of a threshold marginal on `grid`'s threshold nodes.
    public init(thresholdMarginal masses: [Double], grid: ThresholdGrid, trials: Int) {
        func cents(_ position: Double) -> Cents { Cents(exp(grid.logThresholds[0] + position * grid.logStep)) }
        let low = GridQuantile.position(of: 0.025, in: masses)
        let middle = GridQuantile.position(of: 0.5, in: masses)
        let high = GridQuantile.position(of: 0.975, in: masses)
        let lower = cents(low.position), upper = cents(high.position)
        let bounded = low.cell > 0 && high.cell < masses.count - 1
        self.init(median: cents(middle.position), lower: lower, upper: upper, trials: trials,
                  isConclusive: bounded && upper.value / lower.value <= Self.maximumConclusiveRatio)
    }
}
