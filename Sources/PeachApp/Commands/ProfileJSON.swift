import Foundation
import PeachCore

/// `peach profile --json`: the profile's numbers for scripts, one object per trained discipline.
/// The shape is documented in the README ("peach profile --json").
@MainActor
public enum ProfileJSON {
    struct Document: Encodable {
        var disciplines: [Discipline]
        var thresholdTests: [ThresholdTest]
    }

    /// One finished threshold test, oldest first.
    struct ThresholdTest: Encodable {
        var date: String
        var lowestNote: Int
        var highestNote: Int
        var threshold: Estimate
    }

    struct Discipline: Encodable {
        var kind: String
        var interval: String
        var tuningSystem: String
        /// Comparison disciplines.
        var comparisons: Int?
        var threshold: Estimate?
        var regions: [Region]?
        var progress: [Period]?
        /// Pitch-matching disciplines.
        var attempts: Int?
        var bias: Interval?
        var spread: Interval?
    }

    struct Estimate: Encodable {
        var median: Double
        var lower: Double
        var upper: Double
        var trials: Int
        var conclusive: Bool

        init(_ estimate: ThresholdEstimate) {
            median = rounded(estimate.median.value)
            lower = rounded(estimate.lower.value)
            upper = rounded(estimate.upper.value)
            trials = estimate.trials
            conclusive = estimate.isConclusive
        }
    }

    struct Region: Encodable {
        var lowestNote: Int
        var highestNote: Int
        var name: String
        /// null: no answers in this region: unknown, not zero.
        var threshold: Estimate?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lowestNote, forKey: .lowestNote)
            try container.encode(highestNote, forKey: .highestNote)
            try container.encode(name, forKey: .name)
            try container.encode(threshold, forKey: .threshold)  // explicit null for an unknown region
        }

        enum CodingKeys: String, CodingKey { case lowestNote, highestNote, name, threshold }
    }

    struct Period: Encodable {
        var start: String
        var period: String
        var threshold: Estimate
    }

    struct Interval: Encodable {
        var value: Double
        var lower: Double
        var upper: Double
    }

    public static func text(profile: PerceptualProfile, range: ClosedRange<MIDINote>,
                            thresholdTests: [ThresholdTestRecord] = []) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let tests = thresholdTests.map { test in
            ThresholdTest(date: test.timestamp.formatted(.iso8601), lowestNote: test.noteRange.lowerBound.rawValue,
                          highestNote: test.noteRange.upperBound.rawValue,
                          threshold: Estimate(ThresholdEstimate(median: test.median, lower: test.lower, upper: test.upper,
                                                                trials: test.trials, isConclusive: test.isConclusive)))
        }
        let document = Document(disciplines: profile.trainedDisciplines.map { describe($0, profile: profile, range: range) },
                                thresholdTests: tests)
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func describe(_ discipline: TrainingDiscipline, profile: PerceptualProfile,
                         range: ClosedRange<MIDINote>) -> Discipline {
        var entry = Discipline(kind: discipline.kind.rawValue, interval: discipline.interval.abbreviation,
                               tuningSystem: discipline.tuningSystem.rawValue)
        switch discipline.kind {
        case .comparison:
            entry.comparisons = profile.comparisonCount(in: discipline)
            let thresholds = profile.thresholds(of: discipline)
            entry.threshold = thresholds?.overall.map(Estimate.init)
            entry.regions = thresholds?.regions(in: range).map { region in
                Region(lowestNote: region.notes.lowerBound.rawValue, highestNote: region.notes.upperBound.rawValue,
                       name: "\(region.notes.lowerBound.name)–\(region.notes.upperBound.name)",
                       threshold: region.estimate.map(Estimate.init))
            }
            let period = profile.progress.naturalPeriod(of: discipline)
            entry.progress = profile.progress.points(of: discipline, per: period).map { point in
                Period(start: point.start.formatted(.iso8601.year().month().day()), period: period.rawValue,
                       threshold: Estimate(point.estimate))
            }
        case .pitchMatching:
            entry.attempts = profile.pitchMatching(in: discipline).count
            if let summary = profile.pitchMatchingSummary(of: discipline) {
                entry.bias = Interval(value: rounded(summary.bias.value), lower: rounded(summary.biasInterval.lowerBound.value),
                                      upper: rounded(summary.biasInterval.upperBound.value))
                entry.spread = Interval(value: rounded(summary.spread.value),
                                        lower: rounded(summary.spreadInterval.lowerBound.value),
                                        upper: rounded(summary.spreadInterval.upperBound.value))
            }
        }
        return entry
    }
}

/// Three decimals: a hundredth of a cent is below anything a synth can present.
private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
