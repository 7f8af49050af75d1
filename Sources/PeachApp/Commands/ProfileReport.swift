import Foundation
import PeachCore
import PeachTerminal

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
        let count = profile.comparisonCount(in: discipline)
        var lines = ["\(title) over \(range.lowerBound.name)–\(range.upperBound.name): \(count) comparisons"]
        guard let thresholds = profile.thresholds(of: discipline), let overall = thresholds.overall else {
            return lines + ["  no comparisons yet: train to see your threshold across the keyboard"]
        }
        lines.append("  75 % threshold: " + ScreenFormat.threshold(overall))
        lines.append("  progress: " + (ScreenModels.progressLine(profile, discipline: discipline, dated: true)
                                        ?? "not enough data yet (two days with \(ThresholdProgress.minimumTrials)+ answers needed)"))
        lines.append("  by region (threshold with its 95 % interval; unknown = no answers there yet):")
        for region in thresholds.regions(in: range) {
            let name = "\(region.notes.lowerBound.name)–\(region.notes.upperBound.name)"
            let value = region.estimate.map { ScreenFormat.threshold($0) + ", \($0.trials) answers" } ?? "unknown"
            lines.append("    \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(value)")
        }
        lines.append("  trend of the trained differences (Kazez): " + describe(TrainingTrendRule().trend(of: history, in: discipline)))
        return lines
    }

    static func pitchMatchingLines(profile: PerceptualProfile, history: [TrainingRecord],
                                   discipline: TrainingDiscipline) -> [String] {
        let title = discipline.isUnison ? "Pitch matching" : "Interval matching (\(discipline))"
        let matching = profile.pitchMatching(in: discipline)
        var lines = ["\(title): \(matching.count) attempts"]
        if let summary = profile.pitchMatchingSummary(of: discipline) {
            let direction = summary.biasInterval.lowerBound > .zero ? " (you tune sharp)"
                : summary.biasInterval.upperBound < .zero ? " (you tune flat)" : " (no clear bias)"
            lines.append("  bias: " + ScreenFormat.signedWithInterval(summary.bias, summary.biasInterval) + direction)
            lines.append("  spread: " + ScreenFormat.withInterval(summary.spread, summary.spreadInterval)
                         + ", mean absolute error \(format(matching.meanAbsoluteError)) cents")
            lines.append("  trend: " + describe(TrainingTrendRule().trend(of: history, in: discipline)))
        } else if matching.count == 1 {
            lines.append("  one attempt: too few for an interval")
        }
        return lines
    }

    static func describe(_ trend: TrainingTrend?) -> String {
        trend.map(\.rawValue) ?? "not enough data yet (\(2 * TrainingTrendRule().windowSize) records needed)"
    }

    static func format(_ cents: Cents) -> String { String(format: "%.1f", cents.value) }
    static func signed(_ cents: Cents) -> String { String(format: "%+.1f", cents.value) }
}
