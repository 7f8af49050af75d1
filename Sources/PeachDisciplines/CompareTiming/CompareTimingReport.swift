import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How compare timing shows in the profile: per tempo range the 75 % threshold in ms and as a share of the
/// sixteenth note, with its 95 % interval, and the listener's bias (do on-time notes sound late?) with its
/// interval; in the SVG the threshold per tempo range.
struct CompareTimingReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = []
    let jsonKey = "disciplines"

    func title(_ discipline: TrainingDiscipline) -> String { tr(.reportTimingTitle) }
    let progressUnit = "ms"

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let statistics = context.profile.compareTiming
        var lines = [tr(.reportTimingHeading, count: statistics.count)]
        for (range, data) in statistics.ranges.sorted(by: { $0.key < $1.key }) {
            lines.append(tr(.reportRangeAnswers, count: data.answers, ["range": "\(range)"]))
            if let threshold = data.threshold {
                lines.append(tr(.reportTimingThreshold, ["threshold": Self.describe(threshold)]))
            }
            lines.append(tr(.reportTimingBias, ["bias": Self.describe(data.bias)]))
        }
        if let now = ReportText.nowLine(discipline, unit: progressUnit, in: context) { lines.append(now) }
        lines.append(ReportText.progressLine(discipline, unit: progressUnit, in: context))
        if statistics.coarseAnswers > 0, let period = statistics.coarsestPeriod {
            lines.append(tr(.reportTimingCoarseQueue, count: statistics.coarseAnswers,
                            ["period": ReportText.format(period.value)]))
        }
        return lines
    }

    /// "14.2 ms (95 %: 10.1–19.9), 9.5 % of a sixteenth", or why there is no figure yet.
    static func describe(_ threshold: TimingThreshold) -> String {
        guard threshold.isConclusive else { return tr(.reportNotEnoughAnswers, count: threshold.trials) }
        return tr(.reportTimingThresholdValue, ["median": ReportText.format(threshold.median.value),
                                                "lower": ReportText.format(threshold.lower.value),
                                                "upper": ReportText.format(threshold.upper.value),
                                                "percent": ReportText.format(threshold.percentOfInterval)])
    }

    /// "+3.0 ms (95 %: −1.5–+7.5): no clear bias", "−8.0 ms (95 %: …): on-time notes sound late to you".
    static func describe(_ bias: TimingBias) -> String {
        guard let estimate = bias.estimate else { return tr(.reportBiasNeedsAnswers) }
        let figures = tr(.reportTimingBiasValue, ["point": ReportText.format(estimate.point.value, signed: true),
                                                  "lower": ReportText.format(estimate.interval.lowerBound.value, signed: true),
                                                  "upper": ReportText.format(estimate.interval.upperBound.value, signed: true)])
        let verdict = tr(estimate.interval.upperBound.value < 0 ? .reportSoundLate
            : estimate.interval.lowerBound.value > 0 ? .reportSoundEarly : .reportNoClearBias)
        return figures + ": " + verdict
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let statistics = context.profile.compareTiming
        let progress = context.profile.progress(of: discipline)
        return [Entry(kind: discipline.kind.rawValue, answers: statistics.count,
                      progress: ReportJSON.progress(progress), trend: progress?.trend?.rawValue,
            trendProbability: progress?.trendProbability.map(ReportJSON.rounded),
                      compared: ReportJSON.Compared(progress),
                      tempoRanges: statistics.ranges.sorted { $0.key < $1.key }.map { range, data in
                          let bias = data.bias.estimate
                          return RangeEntry(lowestBPM: range.bpm.lowerBound, highestBPM: range.bpm.upperBound,
                                            answers: data.answers,
                                            thresholdMs: data.threshold.map { ReportJSON.Estimate($0.thresholdEstimate) },
                                            thresholdPercentOfSixteenth: data.threshold.map { ReportJSON.rounded($0.percentOfInterval) },
                                            biasMs: bias.map { ReportJSON.ValueInterval($0.point, $0.interval) })
                      })]
    }

    /// The threshold of each tempo range that has a firm one; under the chart a line for each range that has not
    /// yet. Without any firm threshold, one line: a chart of nothing would say "No training yet." over its answers.
    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let statistics = context.profile.compareTiming
        let ranges = statistics.ranges.sorted { $0.key < $1.key }
        let firm = ranges.compactMap { range, data in data.threshold.flatMap { $0.isConclusive ? (range, $0) : nil } }
        guard !firm.isEmpty else {
            return .line(tr(.chartLine, ["title": tr(.reportTimingTitle), "status": tr(.reportNotEnoughAnswers, count: statistics.count)]))
        }
        let points = firm.map { _, threshold in
            ProfileChartPoint(note: MIDINote(60)!, threshold: Cents(threshold.median.value),
                              band: Cents(threshold.lower.value)...Cents(threshold.upper.value))
        }
        let chart = ProfileSVG.chartPanel(ProfileChartModel(points: points), heading: tr(.reportTimingTitle), height: 300,
                                          xAxis: .labels(firm.map { "\($0.0)" }, title: tr(.reportTempo)), unit: "ms",
                                          quantity: tr(.reportThresholdMsAxis))
        let unsettled = ranges.filter { range, _ in !firm.contains { $0.0 == range } }
        return unsettled.reduce(chart) { panel, entry in
            panel.appendingLine(tr(.chartLine, ["title": "\(entry.key)", "status": tr(.reportNotEnoughAnswers, count: entry.value.answers)]))
        }
    }

    struct Entry: Encodable, Sendable {
        var kind: String
        var answers: Int
        /// The threshold per day or week over every tempo range; the trend compares its first and latest stretch.
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
        var answers: Int
        var thresholdMs: ReportJSON.Estimate?
        var thresholdPercentOfSixteenth: Double?
        var biasMs: ReportJSON.ValueInterval?
    }
}
