@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
import PeachText
@testable import PeachTrainer
import Testing

/// The Profile screen tells the same progress as `peach profile` (never "not enough data" beside a report that
/// has a progress line), and charts it: under the unison chart, and on every discipline's page.
@MainActor @Suite struct ProfileScreenProgressTests {
    static let range = MIDINote(48)!...MIDINote(72)!

    static func fixture() -> TrainerFixture {
        let fixture = TrainerFixture()
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth)
        // 300 unison and 120 P5 answers over days, as in the issue.
        fixture.controller.profile.rebuild(from: SimulatedHistory.comparisons(days: 5, perDay: 60, seed: 31) { _ in 9 }
            + SimulatedHistory.comparisons(days: 4, perDay: 30, seed: 32, discipline: fifth) { _ in 14 })
        return fixture
    }

    @Test func theOverviewSaysWhatTheReportSays() throws {
        let fixture = Self.fixture()
        let model = ScreenModels.profile(fixture.controller, range: Self.range)
        let report = ProfileDocument(ReportContext(profile: fixture.controller.profile, range: Self.range)).lines
        let progress = try #require(model.summary.first { $0.label == tr(.profileProgress) }?.text)
        #expect(!progress.hasPrefix("not enough data"))
        let trend = try #require(fixture.controller.profile.trend(of: .unisonComparison))
        #expect(progress.hasPrefix(trend.rawValue + ": first "))
        #expect(report.contains { $0.hasPrefix("  progress: \(trend.rawValue): ") })
        let screen = ProfileScreen.render(model, size: TerminalSize(columns: 100, rows: 40), style: Styler(.monochrome))
        #expect(screen.contains { $0.contains("Threshold through time, per day") }, "the progress chart's caption")
        // A steady listener's path is flat: its five days' points may share one line of the chart.
        #expect(screen.contains { $0.contains("●") }, "the path's points")
    }

    @Test func everyDisciplinePageChartsItsProgress() {
        let fixture = Self.fixture()
        let sections = ScreenModels.profileSections(fixture.controller, range: Self.range)
        #expect(sections.filter { $0.progressChart != nil }.count == 2, "unison and P5; pitch matching is untrained")
        let page = ScreenModels.profileSection(sections, page: 3, size: TerminalSize(columns: 100, rows: 40), warning: nil)
        let texts = page.lines.compactMap { line -> String? in
            if case .text(let text) = line { return text }
            return nil
        }
        let text = texts.joined(separator: "\n")
        #expect(text.contains("P5"))
        #expect(text.contains("Threshold through time, per day"))
        #expect(text.contains("    C4–F4     17"), "short lines keep their layout")
        #expect(texts.allSatisfy { $0.count <= 96 }, "the progress line wraps instead of being cut")
        #expect(texts.contains { $0.hasPrefix("    ") && $0.contains("latest") }, "its continuation is indented")
    }

    @Test func theStartScreenPreviewShowsTheSameTrend() {
        let profile = PerceptualProfile()
        profile.rebuild(from: SimulatedHistory.comparisons(days: 6, perDay: 80, seed: 41) { _ in 8 })
        let model = StartScreenModel(menu: ScreenModels.startMenu(Disciplines.modes),
                                     profile: ComparisonChart.model(profile, range: Self.range),
                                     synth: DeviceStatus(name: "Midi Through", state: .connected),
                                     controller: DeviceStatus(name: "keyboard only", state: .none))
        let screen = StartScreen.render(model, size: TerminalSize(columns: 100, rows: 30), style: Styler(.monochrome))
        #expect(profile.trend(of: .unisonComparison) == .stable, "a stationary 8-cent listener")
        #expect(screen.contains { $0.contains("trend → stable") })
        #expect(!screen.contains { $0.contains("improving") })
    }
}
