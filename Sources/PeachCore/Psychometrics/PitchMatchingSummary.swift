/// How a user tunes, honestly: the mean signed error (bias: "you tune 2.1 c sharp") and the spread (SD) of
/// the signed errors, each with a 95 % interval (t for the mean, chi-square for the SD; normal errors assumed).
public struct PitchMatchingSummary: Hashable, Sendable {
    public var count: Int
    /// Positive: tunes sharp.
    public var bias: Cents
    public var biasInterval: ClosedRange<Cents>
    public var spread: Cents
    public var spreadInterval: ClosedRange<Cents>

    /// Nil for fewer than two errors (no spread, no interval).
    public init?<Errors: Sequence>(signedErrors: Errors) where Errors.Element == Cents {
        var accumulator = WelfordAccumulator()
        for error in signedErrors { accumulator.add(error.value) }
        self.init(accumulator)
    }

    /// From the running statistics the profile already keeps.
    public init?(_ statistics: WelfordAccumulator) {
        let n = statistics.count
        guard n >= 2 else { return nil }
        let degrees = Double(n - 1)
        let mean = statistics.mean, sd = statistics.standardDeviation
        let halfWidth = StudentTDistribution.quantile(0.975, degreesOfFreedom: degrees) * sd / Double(n).squareRoot()
        count = n
        bias = Cents(mean)
        biasInterval = Cents(mean - halfWidth)...Cents(mean + halfWidth)
        spread = Cents(sd)
        let variance = degrees * sd * sd
        spreadInterval = Cents((variance / ChiSquaredDistribution.quantile(0.975, degreesOfFreedom: degrees)).squareRoot())
            ... Cents((variance / ChiSquaredDistribution.quantile(0.025, degreesOfFreedom: degrees)).squareRoot())
    }
}
