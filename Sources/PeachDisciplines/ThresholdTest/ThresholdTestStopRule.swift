import PeachCore

/// When a threshold test stops: as soon as its 95 % interval is as narrow as the user asked (upper / lower at most
/// `precision`), or at `maximumTrials`. A fixed number of trials cannot promise a precision (how many answers a
/// precision takes depends on the listener's slope), so the precision is the user's choice and the length follows.
public struct ThresholdTestStopRule: Hashable, Sendable {
    /// ×2.5: about 80 answers at best for a listener of slope 1.23 whose slope is not known yet (docs/threshold-estimator.md).
    public static let defaultPrecision = 2.5
    public static let defaultMaximumTrials = 150
    /// Below ×1.5 even a long test rarely gets there; above ×10 the interval says "not enough data".
    public static let allowedPrecision: ClosedRange<Double> = 1.5...10
    public static let allowedMaximumTrials: ClosedRange<Int> = 20...500
    public static let standard = ThresholdTestStopRule(precision: defaultPrecision, maximumTrials: defaultMaximumTrials)

    /// The interval ratio (upper / lower) to reach; nil runs every trial up to the cap.
    public var precision: Double?
    public var maximumTrials: Int

    public init(precision: Double?, maximumTrials: Int) {
        precondition(maximumTrials >= 1, "a threshold test needs at least one trial")
        precondition(precision.map { $0 > 1 } ?? true, "an interval ratio is above 1")
        self.precision = precision
        self.maximumTrials = maximumTrials
    }

    /// Exactly `trials` trials, whatever the interval (the benchmark's checkpoints, short tests).
    public static func fixed(_ trials: Int) -> ThresholdTestStopRule {
        ThresholdTestStopRule(precision: nil, maximumTrials: trials)
    }

    /// True when the estimate is bounded and at least as narrow as the chosen precision.
    public func isReached(by estimate: ThresholdEstimate) -> Bool {
        guard let precision else { return false }
        return estimate.isConclusive && estimate.intervalRatio <= precision
    }

    public func isComplete(_ estimate: ThresholdEstimate) -> Bool {
        estimate.trials >= maximumTrials || isReached(by: estimate)
    }
}
