import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How a pitch-matching discipline shows in the profile: bias and spread of the signed errors with their
/// intervals, and the spread's progress and trend; in the SVG a signed-cents axis with the bias, its interval and ± one spread.
struct PitchMatchingReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = [.unisonPitchMatching]
    let jsonKey = "disciplines"

    func title(_ discipline: TrainingDiscipline) -> String { Self.title(discipline) }

    static func title(_ discipline: TrainingDiscipline) -> String {
        discipline.isUnison ? tr(.reportPitchMatching) : tr(.reportIntervalMatching, ["interval": ReportText.detail(discipline)])
    }

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let matching = context.profile.pitchMatching(in: discipline)
        var lines = [tr(.reportAttempts, count: matching.count, ["title": Self.title(discipline)])]
        lines += PitchBasisReport.lines(context.profile.pitchMatchingPitchBases(in: discipline))
        if let summary = context.profile.pitchMatchingSummary(of: discipline) {
            let direction = tr(summary.biasInterval.lowerBound > .zero ? .reportTuneSharp
                : summary.biasInterval.upperBound < .zero ? .reportTuneFlat : .reportNoClearBiasParenthesized)
            lines.append(tr(.reportBias, ["bias": ScreenFormat.signedWithInterval(summary.bias, summary.biasInterval) + direction]))
            lines.append(tr(.reportSpread, ["spread": ScreenFormat.spread(summary.spread, summary.spreadInterval),
                                            "error": ReportText.format(matching.meanAbsoluteError.value)]))
            if let now = ReportText.nowLine(discipline, unit: progressUnit, in: context) { lines.append(now) }
            lines.append(ReportText.progressLine(discipline, unit: progressUnit, in: context))
        } else if matching.count == 1 {
            lines.append(tr(.reportOneAttempt))
        }
        return lines
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let summary = context.profile.pitchMatchingSummary(of: discipline)
        let progress = context.profile.progress(of: discipline)
        return [Entry(kind: discipline.kind.rawValue, interval: discipline.interval.abbreviation,
                      tuningSystem: discipline.tuningSystem.rawValue,
                      attempts: context.profile.pitchMatching(in: discipline).count,
                      pitchBasis: PitchBasisReport.Counts(context.profile.pitchMatchingPitchBases(in: discipline)),
                      bias: summary.map { ReportJSON.ValueInterval($0.bias, $0.biasInterval) },
                      spread: summary.map { ReportJSON.ValueInterval($0.spread, $0.spreadInterval) },
                      progress: ReportJSON.progress(progress), trend: progress?.trend?.rawValue,
            trendProbability: progress?.trendProbability.map(ReportJSON.rounded),
                      compared: ReportJSON.Compared(progress))]
    }

    /// Bias and spread on a signed-cents axis; one line instead until there are two attempts to summarise.
    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let count = context.profile.pitchMatching(in: discipline).count
        let heading = tr(.reportAttempts, count: count, ["title": Self.title(discipline)])
        guard let summary = context.profile.pitchMatchingSummary(of: discipline) else {
            let line = count == 0 ? tr(.chartLine, ["title": Self.title(discipline), "status": tr(.chartNoAttemptsYet)])
                : tr(.chartLine, ["title": heading, "status": tr(.reportNotEnoughAttempts)])
            return .line(line)
        }
        let caption = tr(.reportMatchingCaption, ["bias": ScreenFormat.signedWithInterval(summary.bias, summary.biasInterval),
                                                  "spread": ScreenFormat.withInterval(summary.spread, summary.spreadInterval)])
        return SignedErrorPanel.render(heading: heading, summary: SignedErrorPanel.Figures(summary), unit: "ct",
                                       lowLabel: tr(.reportFlat), highLabel: tr(.reportSharp), caption: caption)
    }

    struct Entry: Encodable, Sendable {
        var kind: String
        var interval: String
        var tuningSystem: String
        var attempts: Int
        /// How many attempts rest on a measured synth, a built-in profile, nothing measured, or say nothing.
        var pitchBasis: PitchBasisReport.Counts
        var bias: ReportJSON.ValueInterval?
        var spread: ReportJSON.ValueInterval?
        /// The spread per day or week; the trend compares the first and latest stretch of it.
        var progress: [ReportJSON.Period]
        var trend: String?
        /// How sure the model is of the trend\'s word (0…1: that now is below, above, or for "stable" the likelier of
        /// the two); null with the trend.
        var trendProbability: Double?
        var compared: ReportJSON.Compared?
    }

    /// Unison pitch matching's bias and spread, and its count.
    func overview(in context: ReportContext) -> ProfileOverviewPart? {
        let profile = context.profile, unison = TrainingDiscipline.unisonPitchMatching
        let count = profile.pitchMatching(in: unison).count
        let matching = profile.pitchMatchingSummary(of: unison).map {
            tr(.profileBiasAndSpread, ["bias": ScreenFormat.signedWithInterval($0.bias, $0.biasInterval),
                                       "spread": ScreenFormat.withInterval($0.spread, $0.spreadInterval)])
        } ?? tr(count == 0 ? .profileNoMatches : .profileOneMatch)
        return ProfileOverviewPart(lines: [ProfileSummaryLine(label: tr(.profilePitchMatching), text: matching)],
                                   trained: tr(.profileMatches, count: count))
    }
}
