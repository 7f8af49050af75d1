import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How finished threshold tests show in the profile: listed oldest first (text and `--json`'s
/// `thresholdTests`), and in the SVG each test's threshold with its 95 % interval, in the order taken.
struct ThresholdTestReport: DisciplineReport {
    let alwaysShown: [TrainingDiscipline] = []
    let jsonKey = "thresholdTests"

    func title(_ discipline: TrainingDiscipline) -> String { tr(.reportThresholdTestsTitle) }

    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String] {
        [tr(.reportThresholdTests)] + context.profile.thresholdTests.map {
            "  \($0.timestamp.formatted(.iso8601.year().month().day())): \($0.summary)"
        }
    }

    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable] {
        context.profile.thresholdTests.map { test in
            Entry(date: test.timestamp.formatted(.iso8601), lowestNote: test.noteRange.lowerBound.rawValue,
                  highestNote: test.noteRange.upperBound.rawValue, threshold: ReportJSON.Estimate(test.estimate),
                  precision: test.conduct?.precision, reachedPrecision: test.conduct?.reachedPrecision,
                  startedFromTrainedSlope: test.conduct?.startedFromTrainedSlope)
        }
    }

    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel {
        let tests = context.profile.thresholdTests
        let points = tests.map { test in
            ProfileChartPoint(note: test.noteRange.lowerBound, threshold: test.median, band: test.lower...test.upper)
        }
        var panel = ProfileSVG.chartPanel(ProfileChartModel(points: points), heading: tr(.reportThresholdTestsTitle),
                                          height: 260, xAxis: .none)
        let dates = tests.map { $0.timestamp.formatted(.iso8601.year().month().day()) }
        panel.elements.append(#"<text x="70" y="230">\#(ProfileSVG.escape(tr(.reportTests, ["dates": dates.joined(separator: ", ")])))</text>"#)
        return panel
    }

    struct Entry: Encodable, Sendable {
        var date: String
        var lowestNote: Int
        var highestNote: Int
        var threshold: ReportJSON.Estimate
        /// How the test was run; absent for tests recorded before these were stored.
        var precision: Double?
        var reachedPrecision: Bool?
        var startedFromTrainedSlope: Bool?
    }
}
