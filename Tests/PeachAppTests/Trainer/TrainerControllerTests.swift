import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

@MainActor @Suite struct TrainerControllerTests {
    @Test func startingComparisonLetsTheOutputPlayAndRunsTheSession() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.comparison))
        #expect(f.controller.screen == .comparison)
        #expect(await f.output.calls == [.play])
        #expect(await eventually("note 2 reached") { f.controller.comparison.isAnswerEnabled })
    }

    @Test func noSynthMeansNoTrainingAndAMessageThatSaysWhatToDo() async {
        let f = TrainerFixture()
        await f.output.refuse()
        await f.controller.handle(.open(.comparison))
        #expect(f.controller.screen == .start)
        #expect(!f.controller.comparison.isTraining)
        #expect(f.controller.statusLine?.contains("--synth fluidsynth") == true)
    }

    @Test func backStopsTrainingDiscardsTheTrialAndReturnsToStart() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        await f.controller.handle(.back)
        #expect(f.controller.screen == .start)
        #expect(await f.output.calls.last == .stop(fade: f.controller.userStopFade), "a stop the user asks for fades out")
        #expect(f.controller.comparison.state == .idle)
        #expect(f.controller.comparison.tally.answered == 0)
        #expect(f.store.records.count == 0)
    }

    @Test func answersReachTheSessionAndAreRecordedInHistoryAndProfile() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.comparison))
        for _ in 0..<3 {
            #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
            await f.controller.handle(.answer(higher: true))
        }
        #expect(f.controller.comparison.tally.answered == 3)
        #expect(f.store.records.count == 3)
        #expect(f.controller.profile.comparisonCount() == 3)
    }

    @Test func lostSynthStopsTrainingAndSaysHowToReconnect() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        f.hub.publish(.outputLost(reason: "the synth (client 128) has quit"))
        #expect(await eventually("stopped") { !f.controller.comparison.isTraining })
        #expect(f.controller.screen == .start)
        #expect(f.controller.statusLine?.contains("client 128") == true)
        // Nothing resumes by itself when a synth comes back: it is only offered.
        f.hub.publish(.outputAvailable(name: "FLUID Synth (129:0)"))
        #expect(await eventually("offered") { f.controller.outputState.offeredDestination == "FLUID Synth (129:0)" })
        #expect(!f.controller.comparison.isTraining)
    }

    @Test func pitchMatchingTunesFromKeysAndKnobsAndCommits() async {
        let decoder = ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74)))
        let f = TrainerFixture(decoder: decoder)
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        await f.controller.handle(.adjust(TrainerController.fineStep))
        let knob = SequencerInput.midi(.controlChange(channel: MIDIChannel(0)!, controller: 74, value: 64),
                                       source: SequencerAddress(client: 20, port: 0), receivedAtNanoseconds: 0)
        await f.controller.handleMIDI([knob])
        #expect(f.controller.tuningActivity == 2)
        await f.controller.handle(.commit)
        #expect(f.controller.pitchMatching.completedCount == 1)
        #expect(f.store.records.count == 1)
    }

    @Test func aDueQuietBreakFinishesTheTrialPausesTheOutputAndShowsTheBreak() async {
        var breaks = QuietBreakSchedule(settings: .init(enabled: true, trainingTime: .seconds(60), breakTime: .seconds(300)))
        breaks.breakFinished()
        let f = TrainerFixture(breaks: breaks)
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        f.clock.advance(by: 61)
        await f.controller.handle(.answer(higher: false))
        #expect(f.controller.comparison.tally.answered == 1, "the trial in progress is finished and recorded")
        #expect(f.controller.screen == .quietBreak)
        #expect(!f.controller.comparison.isTraining)
        #expect(await eventually("faded out") { await f.output.calls.contains(.pause(.quietBreak)) })
        // Training cannot start during the break.
        await f.controller.handle(.open(.comparison))
        #expect(f.controller.screen == .quietBreak)
        // After the break: back to Start, never back to training.
        f.clock.advance(by: 301)
        #expect(await eventually("break over") { f.controller.screen == .start })
        #expect(!f.controller.comparison.isTraining)
    }

    @Test func aBreakCanBeSnoozedOncePerCycle() async {
        let f = TrainerFixture(breaks: QuietBreakSchedule(settings: .init(enabled: true, trainingTime: .seconds(60))))
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        f.clock.advance(by: 61)
        await f.controller.handle(.answer(higher: true))
        #expect(f.controller.screen == .quietBreak)
        await f.controller.handle(.snooze)
        #expect(f.controller.screen == .start)
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        f.clock.advance(by: 301)
        await f.controller.handle(.answer(higher: true))
        #expect(f.controller.screen == .quietBreak)
        await f.controller.handle(.snooze)
        #expect(f.controller.screen == .quietBreak, "the second snooze is refused")
        #expect(f.controller.statusLine?.contains("already snoozed") == true)
    }

    @Test func quitStopsTrainingAndSilencesTheOutputAtOnce() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        await f.controller.handle(.quit)
        #expect(f.controller.quitRequested)
        #expect(!f.controller.pitchMatching.isTraining)
        #expect(await f.output.calls.last == .stop(fade: nil))
        #expect(await f.player.handleStops == 1)
    }
}


@MainActor @Suite struct LiveControllerSettingsTests {
    @Test func aChangedMappingAndBreakTimesApplyWithoutRestart() {
        let f = TrainerFixture()
        let binding = ControllerBinding(source: .relative(controller: 20, encoding: .binaryOffset))
        let triggers = ControllerTriggers(commit: [.controllerButton(80)], higherNote: nil, lowerNote: nil)
        f.controller.configurationChanged(breaks: .init(enabled: true, trainingTime: .seconds(600)), binding: binding,
                                          triggers: triggers)
        #expect(f.controller.controllerInput.decoder.binding == binding)
        #expect(f.controller.controllerInput.decoder.triggers == triggers)
        #expect(f.controller.breaks.settings.enabled)
        #expect(f.controller.breaks.settings.trainingTime == .seconds(600))
    }
}
