import PeachCore

/// The `--json` values every discipline's entries are made of (the shape is documented in the README,
/// "peach profile --json"). Figures have three decimals: a hundredth of a cent (or millisecond) is below
/// anything a synth can present.
public enum ReportJSON {
    /// A threshold with its 95 % interval.
    public struct Estimate: Encodable, Sendable {
        var median: Double
        var lower: Double
        var upper: Double
        var trials: Int
        var conclusive: Bool

        public init(_ estimate: ThresholdEstimate) {
            median = rounded(estimate.median.value)
            lower = rounded(estimate.lower.value)
            upper = rounded(estimate.upper.value)
            trials = estimate.trials
            conclusive = estimate.isConclusive
        }
    }

    /// A value with its 95 % interval, in the discipline's unit.
    public struct ValueInterval: Encodable, Sendable {
        var value: Double
        var lower: Double
        var upper: Double

        public init<Unit: TrainingUnit>(_ value: Unit, _ interval: ClosedRange<Unit>) {
            self.value = rounded(value.value)
            lower = rounded(interval.lowerBound.value)
            upper = rounded(interval.upperBound.value)
        }
    }

    public static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

private func rounded(_ value: Double) -> Double { ReportJSON.rounded(value) }
