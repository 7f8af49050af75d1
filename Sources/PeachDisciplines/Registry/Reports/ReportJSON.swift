import Foundation
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

    /// A progress estimate: its value (threshold median, spread) with its 95 % interval and the answers behind it.
    public struct Figure: Encodable, Sendable {
        var value: Double
        var lower: Double
        var upper: Double
        var trials: Int

        init(_ estimate: ProgressEstimate) {
            value = rounded(estimate.value)
            lower = rounded(estimate.lower)
            upper = rounded(estimate.upper)
            trials = estimate.trials
        }
    }

    /// One period of progress: `{"start": "2026-11-20", "period": "day", "threshold": {…}}` (or `"spread"`).
    public struct Period: Encodable, Sendable {
        var start: String
        var period: String
        var threshold: Figure?
        var spread: Figure?
    }

    /// The periods shown, oldest first (empty before any has enough answers).
    public static func progress(_ progress: DisciplineProgress?) -> [Period] {
        guard let progress else { return [] }
        return progress.points.map { point in
            let figure = Figure(point)
            return Period(start: day(point.start), period: progress.period.rawValue,
                          threshold: progress.quantity == .threshold ? figure : nil,
                          spread: progress.quantity == .spread ? figure : nil)
        }
    }

    /// The two stretches the trend compares: `{"first": {"from": …, "to": …, "value": …}, "latest": {…}}`.
    public struct Compared: Encodable, Sendable {
        struct Stretch: Encodable, Sendable {
            var from: String
            var to: String
            var figure: Figure

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(from, forKey: .from)
                try container.encode(to, forKey: .to)
                try figure.encode(to: encoder)
            }

            enum CodingKeys: String, CodingKey { case from, to }
        }

        var first: Stretch
        var latest: Stretch

        /// Nil until there are two stretches with enough answers.
        public init?(_ progress: DisciplineProgress?) {
            guard let first = progress?.first, let latest = progress?.latest else { return nil }
            func stretch(_ estimate: ProgressEstimate) -> Stretch {
                Stretch(from: day(estimate.start), to: day(estimate.lastStart), figure: Figure(estimate))
            }
            self.first = stretch(first)
            self.latest = stretch(latest)
        }
    }

    static func day(_ date: Date) -> String { date.formatted(.iso8601.year().month().day()) }
}

private func rounded(_ value: Double) -> Double { ReportJSON.rounded(value) }
