/// How a user hits a target, honestly: the mean signed error (bias: "you tune 2.1 c sharp", "you tap 12 ms
/// early") and the spread (SD) of the signed errors, each with a 95 % interval (t for the mean, chi-square
/// for the SD; normal errors assumed). In the discipline's unit.
public struct SignedErrorSummary<Unit: TrainingUnit>: Hashable, Sendable {
    public var count: Int
    /// Positive: sharp (late).
    public var bias: Unit
    public var biasInterval: ClosedRange<Unit>
    public var spread: Unit
    public var spreadInterval: ClosedRange<Unit>

    /// Nil for fewer than two errors (no spread, no interval).
    public init?<Errors: Sequence>(signedErrors: Errors) where Errors.Element == Unit {
        var accumulator = WelfordAccumulator()
        for error in signedErrors { accumulator.add(error.value) }
        self.init(accumulator)
    }

    /// From the running statistics the profile already keeps.
    public init?(_ statistics: WelfordAccumulator) {
        self.init(count: statistics.count, mean: statistics.mean, standardDeviation: statistics.standardDeviation)
    }

    /// From a count, mean and sample SD (pooled periods of `SignedErrorProgress`).
    public init?(count n: Int, mean: Double, standardDeviation sd: Double) {
        guard n >= 2 else { return nil }
        let degrees = Double(n - 1)
        let halfWidth = StudentTDistribution.quantile(0.975, degreesOfFreedom: degrees) * sd / Double(n).squareRoot()
        count = n
        bias = Unit(mean)
        biasInterval = Unit(mean - halfWidth)...Unit(mean + halfWidth)
        spread = Unit(sd)
        let variance = degrees * sd * sd
        spreadInterval = Unit((variance / ChiSquaredDistribution.quantile(0.975, degreesOfFreedom: degrees)).squareRoot())
            ... Unit((variance / ChiSquaredDistribution.quantile(0.025, degreesOfFreedom: degrees)).squareRoot())
    }
}
