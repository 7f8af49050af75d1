import Foundation
import PeachCore

/// `peach profile` and the plain-mode profile screen: the perceptual profile as text.
@MainActor
public enum ProfileReport {
    /// One section per discipline: unison comparison and unison pitch matching always, every other
    /// trained discipline (intervals, tuning systems) after them, never mixed.
    public static func lines(profile: PerceptualProfile, history: [TrainingRecord],
                             range: ClosedRange<MIDINote>) -> [String] {
        var disciplines: [TrainingDiscipline] = [.unisonComparison, .unisonPitchMatching]
        disciplines += profile.trainedDisciplines.filter { !disciplines.contains($0) }
        return disciplines.flatMap { discipline in
            switch discipline.kind {
            case .comparison: comparisonLines(profile: profile, history: history, range: range, discipline: discipline)
            case .pitchMatching: pitchMatchingLines(profile: profile, history: history, discipline: discipline)
            }
        }
    }

    static func comparisonLines(profile: PerceptualProfile, history: [TrainingRecord], range: ClosedRange<MIDINote>,
                                discipline: TrainingDiscipline) -> [String] {
        let title = discipline.isUnison ? "Pitch discrimination" : "Interval discrimination (\(discipline))"
        var lines: [String] = []
        let thresholds = profile.thresholds(in: range, discipline: discipline).filter(\.isTrained)
        lines.append("\(title) over \(range.lowerBound.name)–\(range.upperBound.name): "
                     + "\(profile.comparisonCount(in: discipline)) comparisons, \(thresholds.count) of \(range.noteCount) notes trained")
        if let summary = profile.summary(in: range, discipline: discipline) {
            lines.append("  threshold: mean \(format(summary.mean)) cents, std dev \(format(summary.standardDeviation)) cents")
        } else {
            lines.append("  no comparisons yet: train to see your threshold across the keyboard")
        }
        lines.append("  trend: " + describe(TrainingTrendRule().trend(of: history, in: discipline)))
        for threshold in thresholds {
            lines.append("  \(threshold.note.name.padding(toLength: 4, withPad: " ", startingAt: 0)) "
                         + "\(format(threshold.mean)) ± \(format(threshold.standardDeviation)) cents (\(threshold.count))")
        }
        return lines
    }

    static func pitchMatchingLines(profile: PerceptualProfile, history: [TrainingRecord],
                                   discipline: TrainingDiscipline) -> [String] {
        let title = discipline.isUnison ? "Pitch matching" : "Interval matching (\(discipline))"
        let matching = profile.pitchMatching(in: discipline)
        var lines = ["\(title): \(matching.count) attempts"]
        if matching.count > 0 {
            lines.append("  mean error \(signed(matching.meanError)) cents, std dev \(format(matching.standardDeviation)) cents, "
                         + "mean absolute error \(format(matching.meanAbsoluteError)) cents")
            lines.append("  trend: " + describe(TrainingTrendRule().trend(of: history, in: discipline)))
        }
        return lines
    }

    static func describe(_ trend: TrainingTrend?) -> String {
        trend.map(\.rawValue) ?? "not enough data yet (\(2 * TrainingTrendRule().windowSize) records needed)"
    }

    static func format(_ cents: Cents) -> String { String(format: "%.1f", cents.value) }
    static func signed(_ cents: Cents) -> String { String(format: "%+.1f", cents.value) }
}
