import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite @MainActor struct ComparisonSessionTests {
    func makeFixture(settings: TrainingSettings = .defaults, offsets: [Cents] = [Cents(30), Cents(-20), Cents(10), Cents(-5)],
                     presentationShift: @escaping @Sendable (Frequency) -> Cents = { _ in .zero }) -> ComparisonFixture {
        ComparisonFixture(settings: settings, offsets: offsets, presentationShift: presentationShift)
    }

    @Test func startsIdleWithAnswersDisabled() {
        let f = makeFixture()
        #expect(f.session.state == .idle)
        #expect(!f.session.isAnswerEnabled)
        #expect(f.session.tally.accuracy == nil)
    }

    @Test func playsNote1ThenNote2ThenAwaitsTheAnswer() async {
        let f = makeFixture()
        f.session.start()
        #expect(f.session.state == .playingNote1)
        #expect(f.session.playingNote == .note1)
        #expect(!f.session.isAnswerEnabled)
        let comparison = try! #require(f.session.currentComparison)

        await f.finishCurrentWait(after: .seconds(1))
        await waitUntil("note 2") { f.session.state == .playingNote2 }
        #expect(f.session.playingNote == .note2)
        #expect(f.session.isAnswerEnabled)

        await f.finishCurrentWait(after: .seconds(1))
        await waitUntil("awaiting answer") { f.session.state == .awaitingAnswer }
        #expect(f.session.isAnswerEnabled)
        #expect(f.session.playingNote == nil)

        let reference = ReferencePitch.standard
        #expect(f.player.playedFrequencies == [comparison.referenceFrequency(reference), comparison.targetFrequency(reference)])
        #expect(f.player.playCalls.allSatisfy { $0.duration == .seconds(1) && $0.velocity == .defaultTraining })
    }

    @Test func answerNotifiesObserversBeforeFeedback() async {
        let f = makeFixture()
        await f.drive(to: .awaitingAnswer)
        f.session.answer(higher: true)
        #expect(f.session.state == .showingFeedback)
        #expect(f.observer.statesSeen == [.awaitingAnswer])
        let completed = try! #require(f.observer.completed.first)
        #expect(completed.answeredHigher)
        #expect(completed.isCorrect)
        #expect(completed.comparison.centOffset == Cents(30))
        #expect(completed.timestamp == f.clock.now())
        #expect(f.session.tally.last == completed)
        #expect(!f.session.isAnswerEnabled)
    }

    @Test func feedbackLastsFourHundredMillisecondsThenTheNextComparisonStarts() async {
        let f = makeFixture()
        await f.drive(to: .awaitingAnswer)
        f.session.answer(higher: false)
        // The next comparison is generated during feedback, from the answered one.
        #expect(f.strategy.receivedLast.count == 2)
        #expect(f.strategy.receivedLast.last??.answeredHigher == false)

        await waitUntil("feedback sleep") { f.clock.pendingSleepCount == 1 }
        #expect(f.clock.requestedDurations.last == .milliseconds(400))
        f.clock.advance(by: .milliseconds(399))
        await settle()
        #expect(f.session.state == .showingFeedback)
        #expect(f.player.playCalls.count == 2)

        f.clock.advance(by: .milliseconds(1))
        await waitUntil("next note 1") { f.player.playCalls.count == 3 }
        #expect(f.session.state == .playingNote1)
        #expect(f.session.currentComparison?.centOffset == Cents(-20))
    }

    @Test func answeringDuringNote2StopsItAndSkipsAwaitingAnswer() async {
        let f = makeFixture()
        await f.drive(to: .playingNote2)
        f.session.answer(higher: true)
        #expect(f.session.state == .showingFeedback)
        #expect(f.observer.statesSeen == [.playingNote2])
        await waitUntil("note 2 silenced") { f.player.stopAllCount == 1 }
        // Note 2's sleep was cancelled; only the feedback waits now.
        await waitUntil("feedback sleep only") { f.clock.requestedDurations.last == .milliseconds(400) }
        // The cancelled note-2 sleep leaves the clock when its task runs again, which a loaded machine may delay.
        await waitUntil("note 2's sleep gone") { f.clock.pendingSleepCount == 1 }
        await settle()
        #expect(f.session.state == .showingFeedback)
        f.clock.advance(by: .milliseconds(400))
        await waitUntil("next comparison") { f.player.playCalls.count == 3 }
        #expect(f.session.state == .playingNote1)
    }

    @Test func answersAreIgnoredOutsideNote2AndAwaitingAnswer() async {
        let f = makeFixture()
        f.session.answer(higher: true)
        #expect(f.session.state == .idle)
        await f.drive(to: .playingNote1)
        f.session.answer(higher: true)
        #expect(f.session.state == .playingNote1)
        #expect(f.observer.completed.isEmpty)
        f.session.stop()
        await f.drive(to: .showingFeedback)
        f.session.answer(higher: false)
        #expect(f.observer.completed.count == 1)
    }

    @Test func countsAnswersAndAccuracy() async {
        let f = makeFixture(offsets: [Cents(30), Cents(-20)])
        await f.drive(to: .awaitingAnswer)
        f.session.answer(higher: true) // +30: correct
        await f.finishCurrentWait(after: .milliseconds(400))
        await waitUntil("note 1 of the second comparison") { f.player.playCalls.count == 3 }
        await f.finishCurrentWait(after: .seconds(1))
        await waitUntil("note 2") { f.session.state == .playingNote2 }
        f.session.answer(higher: true) // −20: wrong
        #expect(f.session.tally.answered == 2)
        #expect(f.session.tally.correct == 1)
        #expect(f.session.tally.accuracy == 0.5)
        #expect(f.session.tally.last?.isCorrect == false)
    }

    @Test func recordsTheOffsetTheSynthPresented() async {
        // A synth that can only sound whole cents from A440.
        let f = makeFixture(offsets: [Cents(30.4)]) { frequency in
            let cents = 1200 * log2(frequency.hertz / 440)
            return Cents(cents.rounded() - cents)
        }
        await f.drive(to: .awaitingAnswer)
        f.session.answer(higher: true)
        let completed = try! #require(f.observer.completed.first)
        #expect(completed.comparison.centOffset == Cents(30.4))
        #expect(abs(completed.presentedCentOffset.value - 30) < 1e-6)
    }

    /// Note 2 on a key the calibration never measured: the answer is scored as usual, and flagged, so its record
    /// does not claim a measured pitch.
    @Test func aNoteOnAnUnmeasuredKeyFlagsTheComparison() async throws {
        for unmeasuredTarget in [false, true] {
            let f = makeFixture(offsets: [Cents(60)])
            await f.drive(to: .awaitingAnswer)
            let target = try #require(f.session.currentComparison).targetFrequency(.standard)
            f.player.setUnmeasuredKeys { unmeasuredTarget && $0 == target }
            f.session.answer(higher: true)
            let completed = try #require(f.observer.completed.first)
            #expect(completed.soundedOnUnmeasuredKey == unmeasuredTarget)
            #expect(completed.isCorrect)
        }
    }

    @Test func settingsAreReadLiveForEveryComparison() async {
        let f = makeFixture()
        await f.drive(to: .playingNote2)
        var changed = TrainingSettings.defaults
        changed.noteRange = MIDINote(60)!...MIDINote(72)!
        changed.noteDuration = .milliseconds(500)
        changed.velocity = MIDIVelocity(50)!
        changed.referencePitch = ReferencePitch(hertz: 415)!
        f.settings.currentSettings = changed
        // The running comparison keeps its settings.
        await f.finishCurrentWait(after: .seconds(1))
        await waitUntil("awaiting answer") { f.session.state == .awaitingAnswer }
        #expect(f.player.playCalls[1].velocity == .defaultTraining)

        f.session.answer(higher: true)
        #expect(f.strategy.receivedSettings.last == changed)
        await f.finishCurrentWait(after: .milliseconds(400))
        await waitUntil("next note 1") { f.player.playCalls.count == 3 }
        let next = try! #require(f.session.currentComparison)
        #expect(next.referenceNote == MIDINote(60))
        let call = f.player.playCalls[2]
        #expect(call.duration == .milliseconds(500))
        #expect(call.velocity == MIDIVelocity(50))
        #expect(call.frequency == next.referenceFrequency(ReferencePitch(hertz: 415)!))
        // Its note 1 lasts the new duration.
        await f.finishCurrentWait(after: .milliseconds(500))
        await waitUntil("note 2 after the shorter note 1") { f.session.state == .playingNote2 }
    }

    @Test func loudnessVariesNote2WithinTheConfiguredRange() async {
        var settings = TrainingSettings.defaults
        settings.amplitudeVariationDB = 6
        let f = makeFixture(settings: settings)
        await f.drive(to: .awaitingAnswer)
        let calls = f.player.playCalls
        #expect(calls[0].amplitude == .unchanged)
        #expect(abs(calls[1].amplitude.decibels) <= 6)
    }

    @Test func playerFailureStopsToIdleWithAStatusAndALog() async {
        let f = makeFixture()
        f.player.failPlay(atCall: 1)
        await f.drive(to: .playingNote1)
        f.clock.advance(by: .seconds(1))
        await waitUntil("idle after failure") { f.session.state == .idle }
        #expect(f.session.statusMessage != nil)
        #expect(f.logger.count(atLeast: .error) == 1)
        #expect(f.observer.completed.isEmpty)
        #expect(f.session.currentComparison == nil)

        f.session.start()
        #expect(f.session.statusMessage == nil)
        #expect(f.session.state == .playingNote1)
    }

    @Test func observerFailureIsLoggedAndTrainingContinues() async {
        let f = makeFixture()
        f.observer.fails = true
        await f.drive(to: .awaitingAnswer)
        f.session.answer(higher: true)
        #expect(f.session.state == .showingFeedback)
        #expect(f.logger.count(atLeast: .error) == 1)
        await f.finishCurrentWait(after: .milliseconds(400))
        await waitUntil("next comparison") { f.player.playCalls.count == 3 }
        #expect(f.session.statusMessage == nil)
    }

    @Test func anObserverStoppingTrainingIsRespected() async {
        let f = makeFixture()
        f.observer.onCompleted = { f.session.stop() }
        await f.drive(to: .awaitingAnswer)
        f.session.answer(higher: true)
        #expect(f.session.state == .idle)
        await settle()
        #expect(f.clock.pendingSleepCount == 0)
        #expect(f.session.state == .idle)
    }

    @Test(arguments: [ComparisonSessionState.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback])
    func stopFromEveryStateSilencesDiscardsAndGoesIdle(from state: ComparisonSessionState) async {
        let f = makeFixture()
        await f.drive(to: state)
        #expect(f.session.state == state)
        let answeredBefore = f.observer.completed.count
        let playsBefore = f.player.playCalls.count

        await f.session.stop().value
        #expect(f.session.state == .idle)
        #expect(f.session.currentComparison == nil)
        #expect(f.player.stopAllCount == 1)
        #expect(f.observer.completed.count == answeredBefore)
        await waitUntil("sleeps cancelled") { f.clock.pendingSleepCount == 0 }

        // Nothing advances afterwards.
        f.clock.advance(by: .seconds(10))
        await settle()
        #expect(f.session.state == .idle)
        #expect(f.player.playCalls.count == playsBefore)

        // Idempotent.
        await f.session.stop().value
        #expect(f.player.stopAllCount == 1)

        // Restartable, with the adaptive chain starting over.
        f.session.start()
        #expect(f.session.state == .playingNote1)
        #expect(f.strategy.receivedLast.last! == nil)
        await waitUntil("new note 1") { f.player.playCalls.count == playsBefore + 1 }
    }

    @Test func stopWhenIdleDoesNothing() async {
        let f = makeFixture()
        await f.session.stop().value
        #expect(f.player.events.isEmpty)
        #expect(f.session.state == .idle)
    }

    @Test(arguments: [InterruptionEvent.suspended, .outputLost(reason: "FLUID Synth left"), .interrupted])
    func interruptionsThatStopTraining(event: InterruptionEvent) async {
        let f = makeFixture()
        await f.drive(to: .playingNote2)
        f.interruptions.send(event)
        await waitUntil("stopped") { f.session.state == .idle }
        #expect(f.session.statusMessage?.isEmpty == false)
        await waitUntil("silenced") { f.player.stopAllCount == 1 }
        #expect(f.observer.completed.isEmpty)
        // Never resumes by itself.
        f.interruptions.send(.interruptionEnded)
        f.clock.advance(by: .seconds(5))
        await settle()
        #expect(f.session.state == .idle)
    }

    @Test(arguments: [InterruptionEvent.interruptionEnded, .outputAvailable(name: "FLUID Synth")])
    func interruptionsThatDoNotStopTraining(event: InterruptionEvent) async {
        let f = makeFixture()
        await f.drive(to: .playingNote2)
        f.interruptions.send(event)
        await waitUntil("event handled") { f.logger.entries.contains { $0.message.contains("continues") } }
        #expect(f.session.state == .playingNote2)
        #expect(f.player.stopAllCount == 0)
    }
}
