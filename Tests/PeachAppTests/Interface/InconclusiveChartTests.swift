import Foundation
import PeachCore
@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import PeachTestSupport
import PeachText
import Testing

/// The Start and Profile screens draw no threshold where Peach claims none: a few answers give no dot, band or
/// block, and the Start screen says "not enough data yet (3 answers)" beside the empty profile, never "no training
/// yet"; firm thresholds are drawn as before.
@MainActor @Suite struct InconclusiveChartTests {
    static func overview(_ records: [TrainingRecord]) throws -> ProfileChartModel {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        let context = ReportContext(profile: profile, range: MIDINote(48)!...MIDINote(72)!)
        return try #require(Disciplines.report(for: .comparison)?.overviewChart(in: context))
    }

    @Test func aFewAnswersDrawNothingAndSaySo() throws {
        let model = try Self.overview(Array(SimulatedHistory.comparisons(days: 1, perDay: 3, seed: 1) { _ in 10 }))
        #expect(!model.hasData && model.overall != nil)
        let said = Localization.rendering(in: .english) { StartScreen.withoutTrend(model) }
        #expect(said == "not enough data yet (3 answers)")
        let chart = TerminalProfileChart.render(model, width: 60, height: 10, style: Styler(.monochrome)).joined()
        #expect(!chart.contains("●") && !chart.contains("░"), "\(chart)")
        let preview = CompactProfilePreview.render(model, width: 30, style: Styler(.monochrome))[0]
        #expect(preview.allSatisfy { $0 == "·" }, "\(preview)")
    }

    @Test func noAnswersSayNoTrainingYetAndFirmThresholdsAreDrawn() throws {
        let empty = try Self.overview([])
        #expect(Localization.rendering(in: .english) { StartScreen.withoutTrend(empty) } == "no training yet")
        let trained = try Self.overview(SimulatedHistory.comparisons(days: 3, perDay: 200, seed: 2) { _ in 10 })
        #expect(trained.hasData)
        #expect(TerminalProfileChart.render(trained, width: 60, height: 10, style: Styler(.monochrome)).joined().contains("●"))
    }
}
