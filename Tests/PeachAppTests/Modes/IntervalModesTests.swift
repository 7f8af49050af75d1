import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// The interval modes as the user meets them: the interval and direction before each trial (plain lines and
/// the screen's detail), wider/narrower wording, and records in the interval's own discipline.
///
/// The player holds the first note until the test has seen the trial's first line: an instant player ends it at
/// once, and the plain interface, which reads the session's phase when it changes, may then see note 2 first.
@MainActor @Suite struct IntervalModesTests {
    func run(_ word: String, settings: (inout TrainingSettings) -> Void,
             then act: (_ type: @MainActor (String) -> Void, _ lines: @MainActor () -> [String], _ f: TrainerFixture) async -> Void) async {
        let f = TrainerFixture()
        settings(&f.settings.currentSettings)
        var lines: [String] = []
        let interface = PlainLineInterface(modes: Disciplines.modes, write: { lines.append($0) })
        let (keyboard, typing) = AsyncStream<UserInput>.makeStream()
        let runner = TrainerRunner(controller: f.controller, interface: interface)
        let running = Task { await runner.run(keyboard: keyboard) }
        func type(_ line: String) { typing.yield(.bytes(Array((line + "\n").utf8))) }
        #expect(await eventually("start line") { lines.contains { $0.hasPrefix("start:") } })
        await f.player.holdNotes()
        type(word)
        await act(type, { lines }, f)
        type("s")
        type("q")
        #expect(await running.value == 0)
    }

    @Test func intervalComparisonShowsTheIntervalAsksWiderOrNarrowerAndRecordsItsDiscipline() async {
        await run("ic", settings: {
            $0.intervals = try! IntervalSelection.parse("P5 down").get()
            $0.tuningSystem = .justIntonation
        }) { type, lines, f in
            let header = "comparison 1 (perfect fifth down (P5 ↓) · just intonation · melodic): note 1"
            #expect(await eventually("interval shown before the trial") { lines().contains(header) })
            await f.player.releaseNotes()
            #expect(await eventually("answerable") { f.controller.modeSession(IntervalComparisonMode.id)?.accepts(.answer(higher: true)) == true })
            guard let comparisons = f.controller.modeSession(IntervalComparisonMode.id) as? ComparisonModeSession else {
                Issue.record("not a comparison mode")
                return
            }
            let screen = comparisons.model(ModeScreenContext(warning: nil, knobMoving: false, profile: PerceptualProfile()))
            #expect(screen.detail == "perfect fifth down (P5 ↓) · just intonation · melodic")
            #expect(screen.question == .interval)
            type("w")
            #expect(await eventually("verdict") { lines().contains { $0.contains("the interval was") } })
            guard let completed = f.store.trials.first?.comparisonRecord else {
                Issue.record("no comparison recorded")
                return
            }
            #expect(completed.discipline == TrainingDiscipline(.comparison, interval: .perfectFifth,
                                                                          tuningSystem: .justIntonation))
            #expect(completed.targetNote < completed.referenceNote, "downward")
            #expect(completed.answeredHigher == false, "w (wider) on a downward fifth means note 2 lower")
        }
    }

    @Test func intervalMatchingShowsTheIntervalAndRecordsItsDiscipline() async {
        await run("im", settings: {
            $0.intervals = try! IntervalSelection.parse("M3 up").get()
            $0.intervalPresentation = .harmonic
        }) { type, lines, f in
            let header = "pitch matching 1 (major third up (M3 ↑) · equal temperament · harmonic): reference note"
            #expect(await eventually("interval shown before the trial") { lines().contains(header) })
            await f.player.releaseNotes()
            #expect(await eventually("tuning") { lines().contains("tune now") })
            type("+3")
            type("")
            #expect(await eventually("result") { lines().contains { $0.hasPrefix("result:") } })
            guard let completed = f.store.trials.first?.pitchMatchingRecord else {
                Issue.record("no match recorded")
                return
            }
            #expect(completed.discipline == TrainingDiscipline(.pitchMatching, interval: .majorThird))
        }
    }
}
