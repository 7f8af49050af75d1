import Foundation
import PeachCore
import PeachTerminal

/// How fill the gap shows in the profile: per tempo range the tapping bias ("you tap 12 ms early at 80 BPM,
/// 95 %: 8–16") and the trial-to-trial spread with intervals, the hit rate and the mean per gap position; in
/// the SVG the bias per tempo range.
struct FillTheGapReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = []
    let jsonKey = "disciplines"
    let progressUnit = "ms"

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let statistics = context.profile.fillTheGap
        var lines = ["Tapping (fill the gap): \(statistics.count) trials"]
        for (range, data) in statistics.ranges.sorted(by: { $0.key < $1.key }) {
            let hitRate = data.hitRate.map { String(format: ", %.0f %% of gaps hit", 100 * $0) } ?? ""
            lines.append("  \(range): \(data.trials) trials\(hitRate)")
            guard let summary = data.summary else {
                lines.append("    bias: not enough data yet (two trials with hits needed)")
                continue
            }
            lines.append("    bias: " + Self.bias(summary, range: range))
            lines.append(String(format: "    trial-to-trial spread: %.1f ms (95 %%: %.1f–%.1f)", summary.spread.value,
                                summary.spreadInterval.lowerBound.value, summary.spreadInterval.upperBound.value))
            let positions = data.byPosition.enumerated().map { position, statistics in
                statistics.count > 0 ? String(format: "step %d %+.1f ms", position + 1, statistics.meanError.value)
                    : "step \(position + 1) –"
            }
            lines.append("    by gap position: " + positions.joined(separator: ", "))
        }
        lines.append(ReportText.progressLine(discipline, unit: progressUnit, in: context))
        return lines
    }

    /// "you tap 12.0 ms early at 80–99 BPM (95 %: 8.0–16.0)", or "no clear bias (…)".
    static func bias(_ summary: SignedErrorSummary<Milliseconds>, range: TempoRange) -> String {
        let low = summary.biasInterval.lowerBound.value, high = summary.biasInterval.upperBound.value
        if high < 0 { return String(format: "you tap %.1f ms early at \(range) (95 %%: %.1f–%.1f)", -summary.bias.value, -high, -low) }
        if low > 0 { return String(format: "you tap %.1f ms late at \(range) (95 %%: %.1f–%.1f)", summary.bias.value, low, high) }
        return String(format: "no clear bias at \(range): %+.1f ms (95 %%: %+.1f–%+.1f)", summary.bias.value, low, high)
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let statistics = context.profile.fillTheGap
        let progress = context.profile.progress(of: discipline)
        return [Entry(kind: discipline.kind.rawValue, trials: statistics.count,
                      progress: ReportJSON.progress(progress), trend: progress?.trend?.rawValue,
                      compared: ReportJSON.Compared(progress),
                      tempoRanges: statistics.ranges.sorted { $0.key < $1.key }.map { range, data in
                          let summary = data.summary
                          return RangeEntry(lowestBPM: range.bpm.lowerBound, highestBPM: range.bpm.upperBound, trials: data.trials,
                                            hitRate: data.hitRate.map(ReportJSON.rounded),
                                            biasMs: summary.map { ReportJSON.ValueInterval($0.bias, $0.biasInterval) },
                                            spreadMs: summary.map { ReportJSON.ValueInterval($0.spread, $0.spreadInterval) },
                                            meanByPositionMs: data.byPosition.map { $0.count > 0 ? ReportJSON.rounded($0.meanError.value) : nil })
                      })]
    }

    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let statistics = context.profile.fillTheGap
        var elements: [String] = []
        var height = 0.0
        let ranges = statistics.ranges.sorted { $0.key < $1.key }
        for (range, data) in ranges {
            let summary = data.summary
            let panel = SignedErrorPanel.render(
                heading: "Tapping (fill the gap) at \(range): \(data.trials) trials",
                summary: summary.map { SignedErrorPanel.Figures($0) }, unit: "ms", lowLabel: "early", highLabel: "late",
                caption: summary.map { Self.bias($0, range: range) } ?? "Not enough trials yet (two needed).")
            elements.append(#"<g transform="translate(0,\#(ProfileSVG.n(height)))">"#)
            elements += panel.elements
            elements.append("</g>")
            height += panel.height
        }
        return SVGPanel(height: max(height, 1), elements: elements)
    }

    struct Entry: Encodable, Sendable {
        var kind: String
        var trials: Int
        /// The trial-to-trial spread per day or week over every tempo range; the trend compares its first and latest stretch.
        var progress: [ReportJSON.Period]
        var trend: String?
        var compared: ReportJSON.Compared?
        var tempoRanges: [RangeEntry]
    }

    struct RangeEntry: Encodable, Sendable {
        var lowestBPM: Int
        var highestBPM: Int
        var trials: Int
        var hitRate: Double?
        var biasMs: ReportJSON.ValueInterval?
        var spreadMs: ReportJSON.ValueInterval?
        var meanByPositionMs: [Double?]
    }
}
