/// How accurately the user tunes, from the signed errors of pitch-matching attempts.
public struct PitchMatchingStatistics: Hashable, Sendable {
    public private(set) var signedError = WelfordAccumulator()
    private var sumOfAbsoluteErrors = 0.0

    public init() {}

    public mutating func add(_ error: Cents) {
        signedError.add(error.value)
        sumOfAbsoluteErrors += abs(error.value)
    }

    public var count: Int { signedError.count }
    /// Positive means the user tends to tune sharp.
    public var meanError: Cents { Cents(signedError.mean) }
    public var standardDeviation: Cents { Cents(signedError.standardDeviation) }
    public var meanAbsoluteError: Cents { Cents(count > 0 ? sumOfAbsoluteErrors / Double(count) : 0) }
}
