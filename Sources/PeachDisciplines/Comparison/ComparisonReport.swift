import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How a comparison discipline shows in the profile: its 75 % threshold over the range with its interval,
/// the threshold per keyboard region, and its progress and trend; the threshold chart in the SVG.
struct ComparisonReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = [.unisonComparison]
    let jsonKey = "disciplines"

    func title(_ discipline: TrainingDiscipline) -> String { Self.title(discipline) }

    static func title(_ discipline: TrainingDiscipline) -> String {
        discipline.isUnison ? tr(.reportPitchDiscrimination) : tr(.reportIntervalDiscrimination, ["interval": ReportText.detail(discipline)])
    }

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let profile = context.profile, range = context.range
        let count = profile.comparisonCount(in: discipline)
        var lines = [tr(.reportComparisonHeading, count: count,
                        ["title": Self.title(discipline), "range": "\(range.lowerBound.name)–\(range.upperBound.name)"])]
        lines += PitchBasisReport.lines(profile.comparisonPitchBases(in: discipline))
        guard let thresholds = profile.thresholds(of: discipline), let overall = thresholds.overall else {
            return lines + [tr(.reportNoComparisons)]
        }
        let progress = profile.progress(of: discipline)
        lines.append(tr(.reportThreshold, ["threshold": ScreenFormat.threshold(HearingNow.threshold(progress) ?? overall)]))
        lines.append(tr(.reportThresholdPooled, ["threshold": ScreenFormat.threshold(overall)]))
        lines.append(ReportText.progressLine(discipline, unit: progressUnit, in: context))
        lines.append(tr(.reportByRegion))
        // Only regions with answers: a region without any has nothing to say (the JSON lists it, its threshold null).
        for region in thresholds.regions(in: range) {
            guard let estimate = region.estimate else { continue }
            let name = "\(region.notes.lowerBound.name)–\(region.notes.upperBound.name)"
            // An inconclusive estimate's text already says how many answers it has.
            let value = !estimate.isConclusive ? ScreenFormat.threshold(estimate)
                : tr(.reportRegionAnswers, count: estimate.trials, ["threshold": ScreenFormat.threshold(estimate)])
            lines.append("    \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(value)")
        }
        return lines
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let profile = context.profile
        let thresholds = profile.thresholds(of: discipline)
        let progress = profile.progress(of: discipline)
        return [Entry(
            kind: discipline.kind.rawValue, interval: discipline.interval.abbreviation,
            tuningSystem: discipline.tuningSystem.rawValue, comparisons: profile.comparisonCount(in: discipline),
            pitchBasis: PitchBasisReport.Counts(profile.comparisonPitchBases(in: discipline)),
            now: HearingNow.threshold(progress).map(ReportJSON.Estimate.init),
            threshold: thresholds?.overall.map(ReportJSON.Estimate.init),
            regions: thresholds?.regions(in: context.range).map { region in
                Region(lowestNote: region.notes.lowerBound.rawValue, highestNote: region.notes.upperBound.rawValue,
                       name: "\(region.notes.lowerBound.name)–\(region.notes.upperBound.name)",
                       threshold: region.estimate.map(ReportJSON.Estimate.init))
            },
            progress: ReportJSON.progress(progress), trend: progress?.trend?.rawValue,
            trendProbability: progress?.trendProbability.map(ReportJSON.rounded),
            compared: ReportJSON.Compared(progress))]
    }

    /// The thresholds over the keyboard; one line instead when no region has a firm one to draw.
    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let model = ComparisonChart.model(context.profile, range: context.range, discipline: discipline, conclusiveOnly: true)
        guard model.hasData else {
            return .line(tr(.chartLine, ["title": Self.title(discipline), "status": Self.withoutChart(model.overall)]))
        }
        // The overview is the picture's first panel (`HearingOverview`): every chart carries its own heading.
        return ProfileSVG.chartPanel(model, heading: Self.title(discipline))
    }

    /// What a discipline without a chart says: its threshold (now, as the chart's summary gives it) if that is firm,
    /// else how many answers it has, or that it has none.
    static func withoutChart(_ overall: ThresholdEstimate?) -> String {
        guard let overall else { return tr(.chartNoComparisonsYet) }
        return overall.isConclusive ? tr(.chartThreshold, ["threshold": ScreenFormat.threshold(overall)]) : ScreenFormat.threshold(overall)
    }

    struct Entry: Encodable, Sendable {
        var kind: String
        var interval: String
        var tuningSystem: String
        var comparisons: Int
        /// How many answers rest on a measured synth, a built-in profile, nothing measured, or say nothing.
        var pitchBasis: PitchBasisReport.Counts
        /// The threshold on the latest training day, followed through time; null before the first answer.
        var now: ReportJSON.Estimate?
        /// The pool of every answer ever given.
        var threshold: ReportJSON.Estimate?
        var regions: [Region]?
        var progress: [ReportJSON.Period]
        /// "improving", "stable", "declining"; null until two stretches with enough answers can be compared.
        var trend: String?
        /// How sure the model is of the trend\'s word (0…1: that now is below, above, or for "stable" the likelier of
        /// the two); null with the trend.
        var trendProbability: Double?
        var compared: ReportJSON.Compared?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(interval, forKey: .interval)
            try container.encode(tuningSystem, forKey: .tuningSystem)
            try container.encode(comparisons, forKey: .comparisons)
            try container.encode(pitchBasis, forKey: .pitchBasis)
            try container.encodeIfPresent(now, forKey: .now)
            try container.encodeIfPresent(threshold, forKey: .threshold)
            try container.encodeIfPresent(regions, forKey: .regions)
            try container.encode(progress, forKey: .progress)
            try container.encode(trend, forKey: .trend)  // explicit null: no trend yet
            try container.encode(trendProbability, forKey: .trendProbability)
            try container.encodeIfPresent(compared, forKey: .compared)
        }

        enum CodingKeys: String, CodingKey {
            case kind, interval, tuningSystem, comparisons, pitchBasis, now, threshold, regions, progress, trend, trendProbability, compared
        }
    }

    struct Region: Encodable, Sendable {
        var lowestNote: Int
        var highestNote: Int
        var name: String
        /// null: no answers in this region: unknown, not zero.
        var threshold: ReportJSON.Estimate?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lowestNote, forKey: .lowestNote)
            try container.encode(highestNote, forKey: .highestNote)
            try container.encode(name, forKey: .name)
            try container.encode(threshold, forKey: .threshold)  // explicit null for an unknown region
        }

        enum CodingKeys: String, CodingKey { case lowestNote, highestNote, name, threshold }
    }

    /// Unison comparison's thresholds over the keyboard, the firm ones only: no dot where the text says "not enough
    /// data yet" (the Start and Profile screens say that instead, from the model's `overall`).
    func overviewChart(in context: ReportContext) -> ProfileChartModel? {
        ComparisonChart.model(context.profile, range: context.range, conclusiveOnly: true)
    }

    /// The page's progress chart, its threshold and progress lines, and its count: unison comparison.
    func overview(in context: ReportContext) -> ProfileOverviewPart? {
        let profile = context.profile, unison = TrainingDiscipline.unisonComparison
        let now = HearingNow.threshold(profile.progress(of: unison)) ?? profile.thresholds(of: unison)?.overall
        let threshold = now.map { tr(.profileThresholdPoint, ["threshold": ScreenFormat.threshold($0)]) }
        return ProfileOverviewPart(
            lines: [ProfileSummaryLine(label: tr(.profileThreshold), text: threshold ?? tr(.profileNoComparisons)),
                    ProfileSummaryLine(label: tr(.profileProgress),
                                       text: ProgressText.short(profile.progress(of: unison), unit: "ct"))],
            trained: tr(.profileComparisons, count: profile.comparisonCount(in: unison)),
            progressChart: ProfileDocument(context).progressChart(of: unison))
    }
}
