import Foundation
@testable import PeachApp
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// The page's interface without a server: what it publishes for each screen, and what the page's input does.
@MainActor @Suite struct WebInterfaceTests {
    final class Page {
        var published: [String] = []
    }

    @MainActor struct Harness {
        let fixture = TrainerFixture()
        let page = Page()
        let configuration: LiveConfiguration
        let interface: WebInterface

        init() {
            configuration = LiveConfiguration(path: NSTemporaryDirectory() + "peach-web-\(UUID().uuidString)/peach.conf")
            let navigator = ScreenNavigator(
                configuration: configuration,
                info: { InfoScreenModel(version: "test", licence: "MIT", dataDirectory: "/d", configFile: "/c", synth: .none,
                                        controller: .none, velocityCeiling: 110, volumeCeiling: 100, volumePercent: 100) },
                controllerStatus: { .none })
            let page = self.page
            let configuration = self.configuration
            interface = WebInterface(navigator: navigator, noteRange: { configuration.configuration.coreTrainingSettings.noteRange },
                                     publish: { page.published.append($0) })
        }

        func send(_ input: PageInput) -> [AppCommand] {
            interface.commands(from: .page(input), in: fixture.controller)
        }

        /// Runs the commands as the runner would and draws.
        func perform(_ input: PageInput) async {
            for command in send(input) where command != .redraw { await fixture.controller.handle(command) }
            interface.render(fixture.controller)
        }
    }

    @Test func aScreenIsPublishedOncePerChange() {
        let h = Harness()
        h.interface.render(h.fixture.controller)
        h.interface.render(h.fixture.controller)
        #expect(h.page.published.count == 1)
        #expect(h.page.published[0].contains("data-choose=\"0\""))
    }

    @Test func thePageChoosesEntriesAndPressesKeysAsTheTerminalDoes() {
        let h = Harness()
        #expect(h.send(.choose(0)) == [.open(.training(Disciplines.modes[0].id))])
        #expect(h.send(.choose(999)) == [])
        #expect(h.send(.key(.character("p"))) == [.open(.profile)])
        #expect(h.send(.key(.control("z"))) == [], "a page has nothing to suspend")
        #expect(h.interface.commands(from: .keys([.character("p")]), in: h.fixture.controller) == [], "terminal keys are not the page's")
        #expect(h.send(.adjust(3)) == [], "no tuning off a training screen")
        #expect(h.send(.closed) == [], "a closed tab on Start stops nothing")
    }

    @Test func aClosedTabStopsTrainingAndTheSliderTunesRelatively() async {
        let h = Harness()
        await h.fixture.controller.handle(.open(.pitchMatching))
        #expect(h.send(.adjust(-2.5)) == [.input(.adjust(Cents(-2.5), via: .relative))])
        #expect(await eventually("tunable") { h.fixture.controller.pitchMatching.isAdjustable })
        h.interface.render(h.fixture.controller)
        let screen = h.page.published.last ?? ""
        #expect(screen.contains("data-tuner") && screen.contains("data-key=\"Enter\""))
        let challenge = h.fixture.controller.pitchMatching.currentChallenge!
        #expect(!screen.contains(challenge.targetNote.name), "no hint of the target while tuning")
        #expect(h.send(.closed) == [.back])
        await h.fixture.controller.handle(.back)
        #expect(h.fixture.controller.screen == .start)
    }

    @Test func comparisonButtonsPressTheAnswerKeys() async {
        let h = Harness()
        await h.fixture.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { h.fixture.controller.comparison.isAnswerEnabled })
        h.interface.render(h.fixture.controller)
        let screen = h.page.published.last ?? ""
        #expect(screen.contains("data-key=\"ArrowUp\"") && screen.contains("data-key=\"ArrowDown\""))
        #expect(h.send(.key(.arrow(.up))) == [.answer(higher: true)])
    }

    /// A key that taps in the terminal taps from the page as the page's own source (calibrated apart): in every mode
    /// that takes taps, and in no mode that does not.
    @Test func aTapOnThePageIsThePagesOwnTapSource() async {
        var tapping = 0
        for mode in Disciplines.modes {
            let h = Harness()
            await h.fixture.controller.handle(.open(.training(mode.id)))
            let commands = h.send(.key(.character(" ")))
            let taps = commands.compactMap { command -> TapSource? in
                guard case .input(.tap(_, let source)) = command else { return nil }
                return source
            }
            #expect(taps.allSatisfy { $0 == .page }, "\(mode.id): \(commands)")
            if !taps.isEmpty { tapping += 1 }
            await h.fixture.controller.handle(.back)
        }
        #expect(tapping >= 2, "fill the gap and the tap calibration tap")
        #expect(TapLatencyText.name(.page) != TapLatencyText.name(.keyboard))
    }

    @Test func theProfileIsOnePageWithEverySectionAndItsCharts() async {
        let h = Harness()
        await h.perform(.key(.character("p")))
        let profile = h.page.published.last ?? ""
        #expect(profile.contains("<svg role=\"img\" class=\"picture\""))
        let document = ProfileDocument(ReportContext(profile: h.fixture.controller.profile,
                                                     range: h.configuration.configuration.coreTrainingSettings.noteRange))
        #expect(profile.components(separatedBy: "<pre class=\"section\">").count - 1 == document.sections.count)
    }

    @Test func aSettingEditIsWrittenAndABadValueSaysWhatIsAllowed() async throws {
        let h = Harness()
        await h.fixture.controller.handle(.open(.settings))
        let keys = Disciplines.schema.settingsScreenKeys
        let row = try #require(keys.firstIndex(of: ConfigSchema.referencePitch))
        await h.perform(.setting(row: row, text: "442"))
        #expect(h.configuration.configuration[ConfigSchema.referencePitch] == ConfigSchema.referencePitch.kind.parse("442"))
        let saved = try String(contentsOfFile: try #require(h.configuration.path), encoding: .utf8)
        #expect(saved.contains("reference_pitch = 442"))
        await h.perform(.setting(row: row, text: "9999"))
        #expect(h.page.published.last?.contains("not allowed") == true)
        #expect(h.configuration.configuration[ConfigSchema.referencePitch] == ConfigSchema.referencePitch.kind.parse("442"))
        await h.perform(.resetSetting(row: row))
        #expect(h.configuration.configuration[ConfigSchema.referencePitch] == ConfigSchema.referencePitch.defaultValue)
        #expect(h.send(.setting(row: keys.count, text: "1")) == [], "no such row")
        let before = h.configuration.configuration
        for key in [Key.arrow(.right), .arrow(.left, .shift), .enter, .character("r"), .arrow(.down)] {
            #expect(h.send(.key(key)) == [], "\(key) on the page's Settings")
        }
        #expect(h.configuration.configuration == before, "a stray key changed a setting the page does not show")
        #expect(h.send(.key(.escape)) == [.back])
    }
}
