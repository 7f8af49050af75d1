import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// Every mode in the registry can be started and stopped from Start, in the full-screen interface (by
/// its menu digit) and in plain mode (by its word), and its session really runs and really stops.
@MainActor @Suite struct TrainingModeRegistryTests {
    @Test func modeIDsAndPlainWordsAreUnique() {
        let ids = Disciplines.modes.map(\.id)
        #expect(Set(ids).count == ids.count)
        let words = Disciplines.modes.flatMap(\.plainWords)
        #expect(Set(words).count == words.count)
        #expect(Disciplines.modes.allSatisfy { !$0.plainWords.isEmpty && !$0.menuTitle.isEmpty })
        for word in words {
            if case .command(.open(.training)) = PlainCommandParser.parse(word, modes: Disciplines.modes) { continue }
            Issue.record("plain word '\(word)' does not start its mode")
        }
    }

    @Test func everyModeStartsAndStopsFromTheFullScreenStartMenu() async {
        for (index, mode) in Disciplines.modes.enumerated() {
            let h = FullScreenInterfaceTests.Harness()
            let controller = h.fixture.controller
            h.interface.render(controller)
            #expect(h.screen.last.contains(mode.menuTitle), "the Start screen lists \(mode.id)")
            let commands = h.keys(.character(Character(String(index + 1))))
            #expect(commands == [.open(.training(mode.id))])
            for command in commands { await controller.handle(command) }
            guard let session = controller.modeSession(mode.id)?.session else {
                Issue.record("no session for \(mode.id)")
                continue
            }
            #expect(session.isTraining, "\(mode.id) runs")
            #expect(controller.screen == .training(mode.id))
            #expect(await eventually("\(mode.id) plays") {
                await h.fixture.player.played.count > 0 || !h.fixture.rhythm.scheduled.isEmpty
            })
            for command in h.keys(.escape) { await controller.handle(command) }
            #expect(!session.isTraining, "\(mode.id) stops")
            #expect(controller.screen == .start)
        }
    }

    @Test func everyModeStartsAndStopsFromPlainMode() async {
        for mode in Disciplines.modes {
            let f = TrainerFixture()
            var lines: [String] = []
            let interface = PlainLineInterface(modes: Disciplines.modes, write: { lines.append($0) })
            let (keyboard, typing) = AsyncStream<UserInput>.makeStream()
            let runner = TrainerRunner(controller: f.controller, interface: interface)
            let run = Task { await runner.run(keyboard: keyboard) }
            func type(_ line: String) { typing.yield(.bytes(Array((line + "\n").utf8))) }
            #expect(await eventually("start line") { lines.contains { $0.hasPrefix("start:") && $0.contains(mode.plainWords[0]) } })
            type(mode.plainWords[0])
            let session = f.controller.modeSession(mode.id)?.session
            #expect(await eventually("\(mode.id) runs") { session?.isTraining == true })
            #expect(await eventually("intro printed") { lines.contains(mode.plainIntro) })
            type("s")
            #expect(await eventually("\(mode.id) stops") { session?.isTraining == false })
            type("q")
            #expect(await run.value == 0)
        }
    }
}
