import Foundation
@testable import PeachApp
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// The full-screen UI without a terminal: frames and bells go to a buffer.
@MainActor @Suite struct FullScreenInterfaceTests {
    final class Screen {
        var frames: [String] = []
        var last: String { frames.last ?? "" }
    }

    @MainActor struct Harness {
        let fixture = TrainerFixture()
        let screen = Screen()
        let configuration: LiveConfiguration
        let interface: FullScreenInterface

        init(configText: String? = nil) {
            let path = NSTemporaryDirectory() + "peach-ui-\(UUID().uuidString)/peach.conf"
            if let configText {
                try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                         withIntermediateDirectories: true)
                try? configText.write(toFile: path, atomically: true, encoding: .utf8)
            }
            configuration = LiveConfiguration(path: path)
            let screen = self.screen
            interface = FullScreenInterface(
                terminal: nil, draw: { screen.frames.append($0) }, size: { .standard }, style: Styler(.monochrome),
                configuration: configuration,
                info: { InfoScreenModel(version: "test", licence: "MIT", dataDirectory: "/d", configFile: "/c",
                                        synth: .none, controller: .none, velocityCeiling: 110, volumeCeiling: 100,
                                        volumePercent: 100) },
                controllerStatus: { .none })
        }

        func keys(_ keys: Key...) -> [AppCommand] {
            interface.commands(from: .keys(keys), in: fixture.controller)
        }
    }

    @Test func startMenuMovesChoosesAndQuitsWithQ() {
        let h = Harness()
        #expect(h.keys(.arrow(.down)) == [.redraw])
        #expect(h.keys(.enter) == [.open(.pitchMatching)])
        // Digits choose the registry's modes by position; the viewers have letters of their own.
        #expect(h.keys(.character("2")) == [.open(.pitchMatching)])
        #expect(h.keys(.character("p")) == [.open(.profile)])
        #expect(h.keys(.character("s")) == [.open(.settings)])
        #expect(h.keys(.character("i")) == [.open(.info)])
        #expect(h.keys(.character(Character(String(Disciplines.modes.count + 1)))) == [], "no entry has the next digit")
        #expect(h.keys(.character("q")) == [.quit])
        #expect(h.keys(.escape) == [], "Esc on Start does not quit")
        #expect(h.keys(.control("c")) == [.quit])
        #expect(h.keys(.control("z")) == [.suspend])
    }

    @Test func comparisonKeysAnswerAndTheBellRingsOnlyForAWrongAnswer() async {
        let h = Harness()
        await h.fixture.controller.handle(.open(.comparison))
        #expect(h.keys(.character("h")) == [.answer(higher: true)])
        #expect(h.keys(.arrow(.down)) == [.answer(higher: false)])
        #expect(h.keys(.escape) == [.back])
        #expect(await eventually("answerable") { h.fixture.controller.comparison.isAnswerEnabled })
        let higher = h.fixture.controller.comparison.currentComparison!.isTargetHigher
        await h.fixture.controller.handle(.answer(higher: !higher))
        h.interface.render(h.fixture.controller)
        #expect(h.screen.frames.contains(ANSI.bell))
        #expect(h.screen.last.contains("✗"))
        let bells = h.screen.frames.filter { $0 == ANSI.bell }.count
        h.interface.render(h.fixture.controller)
        #expect(h.screen.frames.filter { $0 == ANSI.bell }.count == bells, "one bell per answer, not per frame")
    }

    @Test func theBellCanBeTurnedOff() async {
        let h = Harness(configText: "[ui]\nbell = off\n")
        await h.fixture.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { h.fixture.controller.comparison.isAnswerEnabled })
        let higher = h.fixture.controller.comparison.currentComparison!.isTargetHigher
        await h.fixture.controller.handle(.answer(higher: !higher))
        h.interface.render(h.fixture.controller)
        #expect(!h.screen.frames.contains(ANSI.bell))
    }

    @Test func pitchMatchingKeysTuneFineAndCoarseAndNeverShowTheTarget() async {
        let h = Harness()
        await h.fixture.controller.handle(.open(.pitchMatching))
        #expect(h.keys(.arrow(.right)) == [.adjust(TrainerController.fineStep)])
        #expect(h.keys(.arrow(.left, .shift)) == [.adjust(TrainerController.coarseStep * -1)])
        #expect(h.keys(.enter) == [.commit])
        #expect(await eventually("tunable") { h.fixture.controller.pitchMatching.isAdjustable })
        h.interface.render(h.fixture.controller)
        let challenge = h.fixture.controller.pitchMatching.currentChallenge!
        #expect(!h.screen.last.contains(challenge.targetNote.name), "no hint of the target while tuning")
    }

    @Test func settingsStepSaveAndRejectValues() async throws {
        let h = Harness()
        await h.fixture.controller.handle(.open(.settings))
        let keys = Disciplines.schema.settingsScreenKeys
        let index = try #require(keys.firstIndex(of: ConfigSchema.referencePitch))
        for _ in 0..<index { _ = h.keys(.arrow(.down)) }
        #expect(h.keys(.arrow(.right)) == [.redraw])
        #expect(h.configuration.configuration[ConfigSchema.referencePitch] != ConfigSchema.referencePitch.defaultValue)
        let saved = try String(contentsOfFile: try #require(h.configuration.path), encoding: .utf8)
        #expect(saved.contains("reference_pitch"))
        // Typing an impossible value is refused with the allowed range.
        _ = h.keys(.enter)
        _ = h.keys(.control("u"))
        for character in "999" { _ = h.keys(.character(character)) }
        _ = h.keys(.enter)
        h.interface.render(h.fixture.controller)
        #expect(h.screen.last.contains("not allowed"))
        #expect(h.keys(.escape) == [.back])
    }

    @Test func everyScreenRendersAtEightyByTwentyFour() async {
        let h = Harness()
        for screen: AppScreen in [.start, .profile, .settings, .info] {
            await h.fixture.controller.handle(.open(screen))
            let frames = h.screen.frames.count
            h.interface.render(h.fixture.controller)
            #expect(h.screen.frames.count == frames + 1, "one whole-frame write per render")
            let lines = h.interface.screen(for: h.fixture.controller).render(size: .standard, style: Styler(.monochrome))
            #expect(lines.count == 24, "\(screen)")
            #expect(lines.allSatisfy { $0.count <= 80 }, "\(screen)")
        }
    }
}

@MainActor @Suite struct SynthLostWarningTests {
    @Test func aLostSynthIsSaidOnceWithHowToReconnect() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        f.hub.publish(.outputLost(reason: "the synth (client 128) has quit"))
        var state = OutputServiceState()
        state.lossReason = "the synth (client 128) has quit"
        state.pauseReason = .destinationLost
        f.controller.outputStateChanged(state)
        #expect(await eventually("stopped") { !f.controller.comparison.isTraining })
        let warnings = ScreenModels.warnings(f.controller)
        #expect(warnings.count == 1, "\(warnings)")
        guard case .synthLost(let hint)? = warnings.first else { Issue.record("\(warnings)"); return }
        #expect(hint.contains("client 128") && hint.contains("--synth fluidsynth"))
    }
}

/// The Profile screen is not pinned to unison: after the overview, ←/→ page through every trained discipline's
/// section, the same text `peach profile` prints.
@MainActor @Suite struct ProfilePagingTests {
    @Test func arrowsPageThroughEveryDisciplineAndBackToTheOverview() async throws {
        let h = FullScreenInterfaceTests.Harness()
        let profile = h.fixture.controller.profile
        for record in DisciplineSamples.comparisons + DisciplineSamples.compareTimings + DisciplineSamples.fillTheGaps {
            profile.update(with: record.record)
        }
        await h.fixture.controller.handle(.open(.profile))
        let render = { h.interface.screen(for: h.fixture.controller).render(size: .standard, style: Styler(.monochrome)).joined(separator: "\n") }
        #expect(render().contains("Threshold"), "the overview first")
        var pages: [String] = []
        for _ in 0..<8 {
            #expect(h.keys(.arrow(.right, [])) == [.redraw])
            pages.append(render())
            if pages.last?.contains("Threshold   ") == true { break }
        }
        #expect(pages.contains { $0.contains("Timing discrimination (compare timing)") })
        #expect(pages.contains { $0.contains("Tapping (fill the gap)") })
        #expect(pages.contains { $0.contains("Interval discrimination (P5 comparison, just intonation)") })
        #expect(pages.last?.contains("Threshold   ") == true, "→ past the last section comes back to the overview")
        #expect(h.keys(.arrow(.left, [])) == [.redraw])
        #expect(render().contains("Tapping (fill the gap)") || render().contains("Timing"), "← goes back a page")
        #expect(h.keys(.escape) == [.back])
    }
}
