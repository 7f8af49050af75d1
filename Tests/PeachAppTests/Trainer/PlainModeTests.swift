@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

@MainActor @Suite struct PlainCommandParserTests {
    @Test func wordsShortFormsAndCents() {
        #expect(PlainCommandParser.parse("c", modes: Disciplines.modes) == .command(.open(.comparison)))
        #expect(PlainCommandParser.parse(" Higher ", modes: Disciplines.modes) == .command(.answer(higher: true)))
        #expect(PlainCommandParser.parse("l", modes: Disciplines.modes) == .command(.answer(higher: false)))
        #expect(PlainCommandParser.parse("+5", modes: Disciplines.modes) == .command(.adjust(Cents(5))))
        #expect(PlainCommandParser.parse("-0.5", modes: Disciplines.modes) == .command(.adjust(Cents(-0.5))))
        #expect(PlainCommandParser.parse("", modes: Disciplines.modes) == .command(.commit))
        #expect(PlainCommandParser.parse("q", modes: Disciplines.modes) == .command(.quit))
        #expect(PlainCommandParser.parse("help", modes: Disciplines.modes) == .help)
        #expect(PlainCommandParser.parse("+nan", modes: Disciplines.modes) == .unknown("+nan"))
        #expect(PlainCommandParser.parse("xyzzy", modes: Disciplines.modes) == .unknown("xyzzy"))
    }
}

/// Plain mode driven end to end through the runner, as a script or screen reader would use it.
@MainActor @Suite struct PlainModeTests {
    @Test func aScriptedSessionOfComparisonsAndOnePitchMatch() async {
        let transcript = PlainSession()
        let f = transcript.fixture, run = transcript.run
        func type(_ line: String) { transcript.type(line) }

        #expect(await eventually("start line") { transcript.count("start:") == 1 })
        type("c")
        for answer in ["h", "l", "h"] {
            #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
            type(answer)
            let answered = f.controller.comparison.tally.answered
            #expect(await eventually("answered") { f.controller.comparison.tally.answered == answered + 1 })
        }
        #expect(await eventually("three verdicts") { transcript.lines.filter { $0.hasPrefix("correct:") || $0.hasPrefix("wrong:") }.count == 3 })
        type("s")
        #expect(await eventually("back at start") { transcript.count("start:") == 2 })
        type("m")
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        type("+5")
        type("")
        #expect(await eventually("result") { transcript.count("result: ") == 1 })
        type("bogus")
        #expect(await eventually("unknown reported") { transcript.count("unknown command 'bogus'") == 1 })
        type("q")
        let status = await run.value
        #expect(status == 0)
        #expect(f.store.records.count == 4)
        #expect(await f.output.calls.last == .stop(fade: nil))
    }

    @Test func endOfInputQuitsCleanly() async {
        let f = TrainerFixture()
        let interface = PlainLineInterface(modes: Disciplines.modes, write: { _ in })
        let runner = TrainerRunner(controller: f.controller, interface: interface)
        let status = await runner.run(keyboard: AsyncStream(unfolding: { nil }))
        #expect(status == 0)
        #expect(f.controller.quitRequested)
    }

    @Test func aTerminatingSignalEndsWithItsStatusAfterSilencing() async {
        let f = TrainerFixture()
        let (keyboard, _) = AsyncStream<UserInput>.makeStream()
        let (signals, sending) = AsyncStream<ProcessSignal>.makeStream()
        let runner = TrainerRunner(controller: f.controller, interface: PlainLineInterface(modes: Disciplines.modes, write: { _ in }))
        let run = Task { await runner.run(keyboard: keyboard, signals: signals) }
        await f.controller.handle(.open(.comparison))
        sending.yield(.terminate)
        #expect(await run.value == 143)
        #expect(!f.controller.comparison.isTraining)
        #expect(await f.output.calls.last == .stop(fade: nil))
    }

    @Test func ctrlZStopsTrainingHandsBackTheTerminalAndShowsStartAfterFg() async {
        let f = TrainerFixture()
        let (keyboard, typing) = AsyncStream<UserInput>.makeStream()
        let (signals, sending) = AsyncStream<ProcessSignal>.makeStream()
        var stoppedProcess = 0
        let hooks = TrainerRunner.Hooks(suspended: { f.hub.publish(.suspended) })
        let interface = PlainLineInterface(modes: Disciplines.modes, write: { _ in }, stopProcess: { stoppedProcess += 1 })
        let runner = TrainerRunner(controller: f.controller, interface: interface, hooks: hooks)
        let run = Task { await runner.run(keyboard: keyboard, signals: signals) }
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        sending.yield(.terminalStop)
        #expect(await eventually("suspended") { stoppedProcess == 1 })
        #expect(!f.controller.comparison.isTraining)
        #expect(f.controller.comparison.tally.answered == 0)
        sending.yield(.resumed)
        #expect(f.controller.screen == .start)
        typing.finish()
        _ = await run.value
    }
}
