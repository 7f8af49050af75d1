/// How accurately the user hits a target, from signed errors in the discipline's unit: cents for pitch
/// matching (positive: tuned sharp), milliseconds for tapping (positive: late).
public struct SignedErrorStatistics<Unit: TrainingUnit>: Hashable, Sendable {
    public private(set) var signedError = WelfordAccumulator()
    private var sumOfAbsoluteErrors = 0.0

    public init() {}

    public mutating func add(_ error: Unit) {
        signedError.add(error.value)
        sumOfAbsoluteErrors += abs(error.value)
    }

    public var count: Int { signedError.count }
    /// Positive means the user tends to be sharp (late).
    public var meanError: Unit { Unit(signedError.mean) }
    public var standardDeviation: Unit { Unit(signedError.standardDeviation) }
    public var meanAbsoluteError: Unit { Unit(count > 0 ? sumOfAbsoluteErrors / Double(count) : 0) }
}
