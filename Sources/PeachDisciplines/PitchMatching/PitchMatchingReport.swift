import Foundation
import PeachCore
import PeachTerminal

/// How a pitch-matching discipline shows in the profile: bias and spread of the signed errors with their
/// intervals, and the spread's progress and trend; in the SVG a signed-cents axis with the bias, its interval and ± one spread.
struct PitchMatchingReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = [.unisonPitchMatching]
    let jsonKey = "disciplines"

    static func title(_ discipline: TrainingDiscipline) -> String {
        discipline.isUnison ? "Pitch matching" : "Interval matching (\(discipline))"
    }

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let matching = context.profile.pitchMatching(in: discipline)
        var lines = ["\(Self.title(discipline)): \(matching.count) attempts"]
        if let summary = context.profile.pitchMatchingSummary(of: discipline) {
            let direction = summary.biasInterval.lowerBound > .zero ? " (you tune sharp)"
                : summary.biasInterval.upperBound < .zero ? " (you tune flat)" : " (no clear bias)"
            lines.append("  bias: " + ScreenFormat.signedWithInterval(summary.bias, summary.biasInterval) + direction)
            lines.append("  spread: " + ScreenFormat.withInterval(summary.spread, summary.spreadInterval)
                         + ", mean absolute error \(ReportText.format(matching.meanAbsoluteError.value)) cents")
            lines.append(ReportText.progressLine(discipline, unit: progressUnit, in: context))
        } else if matching.count == 1 {
            lines.append("  one attempt: too few for an interval")
        }
        return lines
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let summary = context.profile.pitchMatchingSummary(of: discipline)
        let progress = context.profile.progress(of: discipline)
        return [Entry(kind: discipline.kind.rawValue, interval: discipline.interval.abbreviation,
                      tuningSystem: discipline.tuningSystem.rawValue,
                      attempts: context.profile.pitchMatching(in: discipline).count,
                      bias: summary.map { ReportJSON.ValueInterval($0.bias, $0.biasInterval) },
                      spread: summary.map { ReportJSON.ValueInterval($0.spread, $0.spreadInterval) },
                      progress: ReportJSON.progress(progress), trend: progress?.trend?.rawValue,
                      compared: ReportJSON.Compared(progress))]
    }

    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let summary = context.profile.pitchMatchingSummary(of: discipline)
        let caption = summary.map { "bias " + ScreenFormat.signedWithInterval($0.bias, $0.biasInterval)
            + " · spread " + ScreenFormat.withInterval($0.spread, $0.spreadInterval) + " · bar: 95 % interval of the bias" }
            ?? "Not enough attempts yet (two needed)."
        return SignedErrorPanel.render(
            heading: "\(Self.title(discipline)): \(context.profile.pitchMatching(in: discipline).count) attempts",
            summary: summary.map { SignedErrorPanel.Figures($0) }, unit: "ct", lowLabel: "flat", highLabel: "sharp",
            caption: caption)
    }

    struct Entry: Encodable, Sendable {
        var kind: String
        var interval: String
        var tuningSystem: String
        var attempts: Int
        var bias: ReportJSON.ValueInterval?
        var spread: ReportJSON.ValueInterval?
        /// The spread per day or week; the trend compares the first and latest stretch of it.
        var progress: [ReportJSON.Period]
        var trend: String?
        var compared: ReportJSON.Compared?
    }
}
