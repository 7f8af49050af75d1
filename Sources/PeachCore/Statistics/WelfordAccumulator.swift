/// Running count, mean and variance in one pass (Welford's online algorithm), so the profile can be
/// updated after every answer and rebuilt from a long history without keeping the samples.
public struct WelfordAccumulator: Hashable, Sendable {
    public private(set) var count = 0
    public private(set) var mean = 0.0
    /// Sum of squared distances from the running mean.
    private var sumOfSquaredDeviations = 0.0

    public init() {}

    public init<Values: Sequence>(_ values: Values) where Values.Element == Double {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        sumOfSquaredDeviations += delta * (value - mean)
    }

    /// Sample variance (divides by n − 1); 0 with fewer than two samples.
    public var variance: Double {
        count > 1 ? sumOfSquaredDeviations / Double(count - 1) : 0
    }

    public var standardDeviation: Double { variance.squareRoot() }
}
