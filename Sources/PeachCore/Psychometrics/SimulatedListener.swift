import Foundation

/// A seeded stand-in for a listener in tests and the benchmark: a two-interval observer with
/// P(correct | d) = λ/2 + (1 − λ) · Φ((d/k)^b / √2), k chosen so that the lapse-free 75 % point is `threshold`.
/// Deliberately not the estimator's own Weibull form, so fits are tested under a misspecified shape.
public struct SimulatedListener: Sendable {
    public var threshold: Cents
    public var slope: Double
    public var lapseRate: Double

    public init(threshold: Cents, slope: Double = 1, lapseRate: Double = 0) {
        self.threshold = threshold
        self.slope = slope
        self.lapseRate = lapseRate
    }

    /// (T/k)^b = √2 · Φ⁻¹(0.75) puts the lapse-free 75 % point at T.
    public var scale: Double {
        threshold.value / pow(2.0.squareRoot() * NormalDistribution.quantile(0.75), 1 / slope)
    }

    public func probabilityCorrect(_ difference: Cents) -> Double {
        let d = abs(difference.value)
        return lapseRate / 2 + (1 - lapseRate) * NormalDistribution.cdf(pow(d / scale, slope) / 2.0.squareRoot())
    }

    public func answersCorrectly<Random: RandomNumberGenerator>(_ difference: Cents, using random: inout Random) -> Bool {
        Double.random(in: 0..<1, using: &random) < probabilityCorrect(difference)
    }
}
