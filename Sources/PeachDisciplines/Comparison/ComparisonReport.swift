import Foundation
import PeachCore
import PeachTerminal
import PeachText

/// How a comparison discipline shows in the profile: its 75 % threshold over the range with its interval,
/// progress, the threshold per keyboard region, and the trend; the threshold chart in the SVG.
struct ComparisonReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = [.unisonComparison]
    let jsonKey = "disciplines"

    static func title(_ discipline: TrainingDiscipline) -> String {
        discipline.isUnison ? tr(.reportPitchDiscrimination) : tr(.reportIntervalDiscrimination, ["interval": ReportText.detail(discipline)])
    }

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        let profile = context.profile, range = context.range
        let count = profile.comparisonCount(in: discipline)
        var lines = [tr(.reportComparisonHeading, ["title": Self.title(discipline), "range": "\(range.lowerBound.name)–\(range.upperBound.name)",
                                                   "count": "\(count)"])]
        guard let thresholds = profile.thresholds(of: discipline), let overall = thresholds.overall else {
            return lines + [tr(.reportNoComparisons)]
        }
        lines.append(tr(.reportThreshold, ["threshold": ScreenFormat.threshold(overall)]))
        lines.append(tr(.reportProgress, ["progress": ComparisonProgress.line(profile, discipline: discipline, dated: true)
                                              ?? tr(.reportProgressNotEnough, ["count": "\(ThresholdProgress.minimumTrials)"])]))
        lines.append(tr(.reportByRegion))
        for region in thresholds.regions(in: range) {
            let name = "\(region.notes.lowerBound.name)–\(region.notes.upperBound.name)"
            let value = region.estimate.map {
                tr(count: $0.trials, one: .reportRegionAnswersOne, other: .reportRegionAnswersOther, ["threshold": ScreenFormat.threshold($0)])
            }
                ?? tr(.reportUnknown)
            lines.append("    \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(value)")
        }
        lines.append(tr(.reportTrendDifferences, ["trend": ReportText.describe(context.trend(of: discipline))]))
        return lines
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        let profile = context.profile
        let thresholds = profile.thresholds(of: discipline)
        let progress = profile.progress(of: discipline)
        let period = progress.naturalPeriod
        return [Entry(
            kind: discipline.kind.rawValue, interval: discipline.interval.abbreviation,
            tuningSystem: discipline.tuningSystem.rawValue, comparisons: profile.comparisonCount(in: discipline),
            threshold: thresholds?.overall.map(ReportJSON.Estimate.init),
            regions: thresholds?.regions(in: context.range).map { region in
                Region(lowestNote: region.notes.lowerBound.rawValue, highestNote: region.notes.upperBound.rawValue,
                       name: "\(region.notes.lowerBound.name)–\(region.notes.upperBound.name)",
                       threshold: region.estimate.map(ReportJSON.Estimate.init))
            },
            progress: progress.points(per: period).map { point in
                Period(start: point.start.formatted(.iso8601.year().month().day()), period: period.rawValue,
                       threshold: ReportJSON.Estimate(point.estimate))
            })]
    }

    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let model = ComparisonChart.model(context.profile, range: context.range, trend: context.trend(of: discipline),
                                          discipline: discipline)
        // The unison chart is the picture's first panel, under its title; the others carry their own heading.
        return ProfileSVG.chartPanel(model, heading: discipline.isUnison ? nil : Self.title(discipline))
    }

    struct Entry: Encodable, Sendable {
        var kind: String
        var interval: String
        var tuningSystem: String
        var comparisons: Int
        var threshold: ReportJSON.Estimate?
        var regions: [Region]?
        var progress: [Period]
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

    struct Period: Encodable, Sendable {
        var start: String
        var period: String
        var threshold: ReportJSON.Estimate
    }
}
