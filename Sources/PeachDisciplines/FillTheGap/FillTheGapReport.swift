import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How fill the gap shows in the profile: per tempo range the tapping bias ("you tap 12 ms early at 80 BPM,
/// 95 %: 8–16") and the trial-to-trial spread with intervals, the hit rate and the mean per gap position; in
/// the SVG the bias per tempo range.
struct FillTheGapReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = []
    let jsonKey = "disciplines"

    func title(_ discipline: TrainingDiscipline) -> String { tr(.reportTappingTitle) }
    let progressUnit = "ms"

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let statistics = context.profile.fillTheGap
        var lines = [tr(.reportTappingHeading, count: statistics.count)]
        if statistics.count > 0 { lines.append(Self.correction(statistics)) }
        for (range, data) in statistics.ranges.sorted(by: { $0.key < $1.key }) {
            let hitRate = data.hitRate.map { tr(.reportGapsHit, ["percent": String(format: "%.0f", 100 * $0)]) } ?? ""
            lines.append(tr(.reportRangeTrials, count: data.trials, ["range": "\(range)", "hitRate": hitRate]))
            guard let summary = data.summary else {
                lines.append(tr(.reportTappingBiasNotEnough))
                continue
            }
            lines.append(tr(.reportTimingBias, ["bias": Self.bias(summary, range: range)]))
            lines.append(Self.spread(summary))
            let positions = data.byPosition.enumerated().map { position, statistics in
                statistics.count > 0
                    ? tr(.reportStep, ["number": "\(position + 1)", "offset": ReportText.format(statistics.meanError.value, signed: true)])
                    : tr(.reportStepUntrained, ["number": "\(position + 1)"])
            }
            lines.append(tr(.reportByGapPosition, ["positions": positions.joined(separator: ", ")]))
        }
        if let now = ReportText.nowLine(discipline, unit: progressUnit, in: context) { lines.append(now) }
        lines.append(ReportText.progressLine(discipline, unit: progressUnit, in: context))
        return lines
    }

    /// Whether the offsets are the user's own or hold their devices' latency too: "offsets corrected for your
    /// tap latency in 12 of 14 trials" (a trial counts when every hit was corrected).
    static func correction(_ statistics: FillTheGapStatistics) -> String {
        statistics.correctedCount == 0
            ? tr(.reportTappingUncorrected)
            : tr(.reportTappingCorrected, count: statistics.count, ["corrected": "\(statistics.correctedCount)"])
    }

    /// "    trial-to-trial spread: 4.1 ms (95 %: 3.0–6.2)", or finer than the data resolve.
    static func spread(_ summary: SignedErrorSummary<Milliseconds>) -> String {
        guard summary.spreadInterval.upperBound.value >= DisciplineProgress.resolution else {
            return tr(.reportTappingSpreadBelowResolution, ["spread": ScreenFormat.belowResolution(unit: "ms")])
        }
        return tr(.reportTappingSpread, ["value": ReportText.format(summary.spread.value),
                                         "lower": ReportText.format(summary.spreadInterval.lowerBound.value),
                                         "upper": ReportText.format(summary.spreadInterval.upperBound.value)])
    }

    /// "you tap 12.0 ms early at 80–99 BPM (95 %: 8.0–16.0)", or "no clear bias (…)".
    static func bias(_ summary: SignedErrorSummary<Milliseconds>, range: TempoRange) -> String {
        let low = summary.biasInterval.lowerBound.value, high = summary.biasInterval.upperBound.value
        let f = { (value: Double) in ReportText.format(value) }, signed = { (value: Double) in ReportText.format(value, signed: true) }
        if high < 0 { return tr(.reportTapEarly, ["ms": f(-summary.bias.value), "range": "\(range)", "lower": f(-high), "upper": f(-low)]) }
        if low > 0 { return tr(.reportTapLate, ["ms": f(summary.bias.value), "range": "\(range)", "lower": f(low), "upper": f(high)]) }
        return tr(.reportTapNoClearBias, ["ms": signed(summary.bias.value), "range": "\(range)", "lower": signed(low), "upper": signed(high)])
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let statistics = context.profile.fillTheGap
        let progress = context.profile.progress(of: discipline)
        return [Entry(kind: discipline.kind.rawValue, trials: statistics.count, latencyCorrectedTrials: statistics.correctedCount,
                      progress: ReportJSON.progress(progress), trend: progress?.trend?.rawValue,
            trendProbability: progress?.trendProbability.map(ReportJSON.rounded),
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
            let heading = tr(.reportTappingPanel, count: data.trials, ["range": "\(range)"])
            // A tempo range without two trials to summarise is one line, not an empty axis.
            let panel = data.summary.map { summary in
                SignedErrorPanel.render(heading: heading, summary: SignedErrorPanel.Figures(summary), unit: "ms",
                                        lowLabel: tr(.reportEarly), highLabel: tr(.reportLate), caption: Self.bias(summary, range: range))
            } ?? .line(tr(.chartLine, ["title": heading, "status": tr(.reportNotEnoughTrials)]))
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
        /// Trials whose every hit had its tap source's calibrated latency taken off (the tap calibration).
        var latencyCorrectedTrials: Int
        /// The trial-to-trial spread per day or week over every tempo range; the trend compares its first and latest stretch.
        var progress: [ReportJSON.Period]
        var trend: String?
        /// How sure the model is of the trend\'s word (0…1: that now is below, above, or for "stable" the likelier of
        /// the two); null with the trend.
        var trendProbability: Double?
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
