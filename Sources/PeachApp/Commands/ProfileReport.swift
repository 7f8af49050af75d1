import Foundation
import PeachCore

/// `peach profile` and the plain-mode profile screen: the perceptual profile as text.
@MainActor
public enum ProfileReport {
    public static func lines(profile: PerceptualProfile, history: [TrainingRecord],
                             range: ClosedRange<MIDINote>) -> [String] {
        let rule = TrainingTrendRule()
        var lines: [String] = []
        let thresholds = profile.thresholds(in: range).filter(\.isTrained)
        lines.append("Pitch discrimination over \(range.lowerBound.name)–\(range.upperBound.name): "
                     + "\(profile.comparisonCount) comparisons, \(thresholds.count) of \(range.noteCount) notes trained")
        if let summary = profile.summary(in: range) {
            lines.append("  threshold: mean \(format(summary.mean)) cents, std dev \(format(summary.standardDeviation)) cents")
        } else {
            lines.append("  no comparisons yet: train to see your threshold across the keyboard")
        }
        lines.append("  trend: " + describe(rule.comparisonTrend(of: history)))
        for threshold in thresholds {
            lines.append("  \(threshold.note.name.padding(toLength: 4, withPad: " ", startingAt: 0)) "
                         + "\(format(threshold.mean)) ± \(format(threshold.standardDeviation)) cents (\(threshold.count))")
        }
        let matching = profile.pitchMatching
        lines.append("Pitch matching: \(matching.count) attempts")
        if matching.count > 0 {
            lines.append("  mean error \(signed(matching.meanError)) cents, std dev \(format(matching.standardDeviation)) cents, "
                         + "mean absolute error \(format(matching.meanAbsoluteError)) cents")
            lines.append("  trend: " + describe(rule.pitchMatchingTrend(of: history)))
        }
        return lines
    }

    static func describe(_ trend: TrainingTrend?) -> String {
        trend.map(\.rawValue) ?? "not enough data yet (\(2 * TrainingTrendRule().windowSize) records needed)"
    }

    static func format(_ cents: Cents) -> String { String(format: "%.1f", cents.value) }
    static func signed(_ cents: Cents) -> String { String(format: "%+.1f", cents.value) }
}
