import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite @MainActor struct PitchMatchingSessionTests {
    func makeFixture(settings: TrainingSettings = .defaults, seed: UInt64 = 7) -> PitchMatchingFixture {
        PitchMatchingFixture(settings: settings, seed: seed)
    }

    func cents(_ a: Frequency, _ b: Frequency) -> Double { Cents.between(a, and: b).value }

    @Test func playsTheReferenceThenTheTunableNoteAtItsInitialOffset() async {
        let f = makeFixture()
        f.session.start()
        #expect(f.session.state == .playingReference)
        #expect(!f.session.isAdjustable)
        let challenge = try! #require(f.session.currentChallenge)
        await waitUntil("reference sleep") { f.clock.pendingSleepCount == 1 }
        #expect(f.player.playCalls.map(\.frequency) == [challenge.referenceFrequency(f.reference)])
        #expect(f.player.playCalls.first?.duration == .seconds(1))

        f.clock.advance(by: .seconds(1))
        await waitUntil("tunable") { f.session.state == .playingTunable }
        let initial = challenge.initialFrequency(f.reference)
        #expect(f.player.events.last == .startTunable(initial))
        #expect(f.session.tunedFrequency == initial)
        #expect(f.session.isAdjustable)
        #expect(!f.session.hasAdjusted)
    }

    @Test func challengesStayInTheRangeAndWithinTheMaximumOffset() async {
        var settings = TrainingSettings.defaults
        settings.noteRange = MIDINote(60)!...MIDINote(62)!
        settings.maxInitialCentOffset = Cents(20)
        var generator = PitchMatchingChallengeGenerator(random: SeededRandom(seed: 3))
        let challenges = (0..<500).map { _ in generator.nextChallenge(settings: settings) }
        #expect(challenges.allSatisfy { settings.noteRange.contains($0.referenceNote) && $0.targetNote == $0.referenceNote })
        #expect(challenges.allSatisfy { abs($0.initialCentOffset.value) <= 20 })
        #expect(Set(challenges.map(\.referenceNote)).count == 3)
        #expect(challenges.contains { $0.initialCentOffset.value < -10 } && challenges.contains { $0.initialCentOffset.value > 10 })
    }

    /// [pitch_matching] start_side: the same offsets are drawn, on the chosen side; unison and interval matching alike.
    @Test(arguments: [TrialIntervals.unison, .configured])
    func theTunableNoteStartsOnTheConfiguredSide(intervals: TrialIntervals) {
        func offsets(_ side: StartSide) -> [Double] {
            var settings = TrainingSettings.defaults
            settings.maxInitialCentOffset = Cents(30)
            settings.matchingStartSide = side
            var generator = PitchMatchingChallengeGenerator(random: SeededRandom(seed: 5), intervals: intervals)
            return (0..<300).map { _ in generator.nextChallenge(settings: settings).initialCentOffset.value }
        }
        let either = offsets(.either), above = offsets(.above), below = offsets(.below)
        #expect(either.contains { $0 < -5 } && either.contains { $0 > 5 }, "either side at random")
        #expect(above.allSatisfy { $0 >= 0 } && below.allSatisfy { $0 <= 0 })
        #expect(above == either.map(abs) && below == either.map { -abs($0) }, "the same draws, moved to one side")
    }

    @Test func adjustFrequencyDelegatesToTheHandleOnlyWhileTunable() async {
        let f = makeFixture()
        f.session.adjustFrequency(Frequency(300))
        await f.drive(to: .playingReference)
        f.session.adjustFrequency(Frequency(300))
        f.session.adjust(byCents: Cents(5))
        await settle()
        #expect(f.player.adjustments.isEmpty)
        #expect(!f.session.hasAdjusted)

        f.clock.advance(by: .seconds(1))
        await waitUntil("tunable") { f.session.state == .playingTunable }
        f.session.adjustFrequency(Frequency(300))
        await waitUntil("adjusted") { f.player.adjustments == [Frequency(300)] }
        #expect(f.session.tunedFrequency == Frequency(300))
        #expect(f.session.hasAdjusted)
    }

    @Test func relativeAdjustmentsTrackTheCurrentFrequency() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        let initial = try! #require(f.session.tunedFrequency)
        f.session.adjust(byCents: Cents(10))
        f.session.adjust(byCents: Cents(10))
        f.session.adjust(byCents: Cents(-5))
        let tuned = try! #require(f.session.tunedFrequency)
        #expect(abs(cents(initial, tuned) - 15) < 1e-9)
        await waitUntil("latest pitch sent") { f.player.adjustments.last == tuned }

        f.session.adjust(toCentsFromStart: Cents(-30))
        #expect(abs(cents(initial, f.session.tunedFrequency!) + 30) < 1e-9)
    }

    @Test func absoluteKnobsTuneRelativeToTheTargetAndCommitThatError() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        let challenge = try! #require(f.session.currentChallenge)
        let target = challenge.targetFrequency(f.reference)
        f.session.adjust(toCentsFromTarget: Cents(-12.5))
        #expect(abs(cents(target, f.session.tunedFrequency!) + 12.5) < 1e-9)
        f.session.commit()
        #expect(abs(f.session.lastResult!.userCentError.value + 12.5) < 1e-6)
    }

    @Test func commitScoresTheSignedErrorAgainstTheTargetAndNotifiesBeforeFeedback() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        let challenge = try! #require(f.session.currentChallenge)
        let target = challenge.targetFrequency(f.reference)
        f.session.adjustFrequency(target.shifted(by: Cents(7.25)))
        f.session.commit()

        #expect(f.session.state == .showingFeedback)
        #expect(f.observer.statesSeen == [.playingTunable])
        let result = try! #require(f.session.lastResult)
        #expect(abs(result.userCentError.value - 7.25) < 1e-9)
        #expect(result.challenge == challenge)
        #expect(result.timestamp == f.clock.now())
        #expect(f.observer.completed == [result])
        #expect(f.session.completedCount == 1)
        #expect(!f.session.isAdjustable)
        await waitUntil("tunable note stopped") { f.player.handleStopCount == 1 }
        #expect(f.player.stopAllCount == 0)
    }

    /// The tunable note is scored as it sounds on the key it is held on (its handle knows), not as the
    /// player would place the committed pitch afresh.
    @Test func commitScoresTheTunableNoteAsItsHandleSaysItSounds() async {
        let f = makeFixture()
        f.player.setHeldNoteShift(Cents(0.66))
        await f.drive(to: .playingTunable)
        let target = try! #require(f.session.currentChallenge).targetFrequency(f.reference)
        f.session.adjustFrequency(target.shifted(by: Cents(7.25)))
        f.session.commit()
        let result = try! #require(f.session.lastResult)
        #expect(abs(result.userCentError.value - 7.91) < 1e-9)
    }

    /// A note tuned onto a key the calibration never measured is scored, but flagged: its error rests on that
    /// key assumed in tune. The handle knows the key the note is held on; without it the player's placement says.
    @Test func aCommitOnAnUnmeasuredKeyIsFlagged() async throws {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        f.session.commit()
        #expect(try #require(f.session.lastResult).soundedOnUnmeasuredKey == false)

        let g = makeFixture()
        g.player.setUnmeasuredKeys { _ in true }
        g.player.setHeldOnUnmeasuredKey(false)
        await g.drive(to: .playingTunable)
        g.session.commit()
        #expect(try #require(g.session.lastResult).soundedOnUnmeasuredKey, "the reference sounded on an unmeasured key")

        let h = makeFixture()
        await h.drive(to: .playingTunable)
        let reference = try #require(h.session.currentChallenge).referenceFrequency(h.reference)
        h.player.setUnmeasuredKeys { $0 != reference }
        h.player.setHeldOnUnmeasuredKey(true)
        h.session.commit()
        #expect(try #require(h.session.lastResult).soundedOnUnmeasuredKey, "the handle's key was never measured")
    }

    @Test func commitResultUsesTheGivenFrequencyWithoutRounding() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        let challenge = try! #require(f.session.currentChallenge)
        let target = challenge.targetFrequency(f.reference)
        f.session.adjust(byCents: Cents(1))
        let user = target.shifted(by: Cents(-73.123))
        f.session.commitResult(userFrequency: user)
        let error = try! #require(f.session.lastResult?.userCentError.value)
        #expect(abs(error - 1200 * log2(user.hertz / target.hertz)) < 1e-9)
        #expect(abs(error + 73.123) < 1e-9)
    }

    @Test func commitWithoutAdjustmentRecordsTheUntouchedInitialOffsetNotAPerfectScore() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        let challenge = try! #require(f.session.currentChallenge)
        #expect(abs(challenge.initialCentOffset.value) > 0.01)
        // The UI claims the target: it was never tuned, so that is not believed.
        f.session.commitResult(userFrequency: challenge.targetFrequency(f.reference))
        let error = try! #require(f.session.lastResult?.userCentError)
        #expect(abs(error.value - challenge.initialCentOffset.value) < 1e-9)
    }

    @Test func commitIsIgnoredOutsideTheTunablePhase() async {
        let f = makeFixture()
        f.session.commitResult(userFrequency: Frequency(440))
        await f.drive(to: .playingReference)
        f.session.commitResult(userFrequency: Frequency(440))
        #expect(f.session.state == .playingReference)
        #expect(f.observer.completed.isEmpty)
    }

    @Test func feedbackLastsFourHundredMillisecondsThenTheNextChallengeStarts() async {
        let f = makeFixture()
        await f.drive(to: .showingFeedback)
        let first = f.observer.completed.first?.challenge
        #expect(f.clock.requestedDurations.last == .milliseconds(400))
        f.clock.advance(by: .milliseconds(399))
        await settle()
        #expect(f.session.state == .showingFeedback)
        f.clock.advance(by: .milliseconds(1))
        await waitUntil("next reference") { f.player.playCalls.count == 2 }
        #expect(f.session.state == .playingReference)
        #expect(f.session.currentChallenge != nil)
        #expect(f.session.currentChallenge != first)
        #expect(!f.session.hasAdjusted)
    }

    @Test func settingsAreReadLiveForEveryChallenge() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        var changed = TrainingSettings.defaults
        changed.noteRange = MIDINote(70)!...MIDINote(70)!
        changed.maxInitialCentOffset = Cents(3)
        changed.noteDuration = .milliseconds(300)
        changed.referencePitch = ReferencePitch(hertz: 442)!
        f.settings.currentSettings = changed
        f.session.commit()
        await f.clockAdvanceFeedback()
        await waitUntil("next reference") { f.player.playCalls.count == 2 }
        let next = try! #require(f.session.currentChallenge)
        #expect(next.referenceNote == MIDINote(70))
        #expect(abs(next.initialCentOffset.value) <= 3)
        #expect(f.player.playCalls[1].duration == .milliseconds(300))
        #expect(f.player.playCalls[1].frequency == next.referenceFrequency(changed.referencePitch))
    }

    @Test func stopWhilePlayingTheReferenceCallsStopAll() async {
        let f = makeFixture()
        await f.drive(to: .playingReference)
        await f.session.stop().value
        #expect(f.session.state == .idle)
        #expect(f.session.currentChallenge == nil)
        #expect(f.player.stopAllCount == 1)
        #expect(f.player.handleStopCount == 0)
        await f.expectNothingAdvances()
    }

    @Test func stopWhileTunableStopsTheHandleAndForgetsItAtOnce() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        let task = f.session.stop()
        // The handle is gone synchronously: later adjustments cannot reach it.
        f.session.adjustFrequency(Frequency(500))
        #expect(f.session.state == .idle)
        #expect(f.session.tunedFrequency == nil)
        await task.value
        #expect(f.player.handleStopCount == 1)
        #expect(f.player.stopAllCount == 0)
        #expect(f.player.adjustments.isEmpty)
        #expect(f.observer.completed.isEmpty)
        await f.expectNothingAdvances()
    }

    @Test func aTunableNoteThatStartsAfterStopIsStoppedAtOnce() async {
        let f = makeFixture()
        f.player.holdTunableStart()
        await f.drive(to: .playingReference)
        f.clock.advance(by: .seconds(1))
        await waitUntil("tunable note starting") { f.player.isHoldingTunableStart }
        await f.session.stop().value
        #expect(f.session.state == .idle)
        f.player.releaseTunableStart()
        await waitUntil("late handle stopped") { f.player.handleStopCount == 1 }
        #expect(f.session.state == .idle)
        #expect(!f.session.isAdjustable)
    }

    @Test func stopDuringFeedbackCancelsItAndDoesNotAdvance() async {
        let f = makeFixture()
        await f.drive(to: .showingFeedback)
        await f.session.stop().value
        #expect(f.session.state == .idle)
        #expect(f.session.currentChallenge == nil)
        #expect(f.observer.completed.count == 1)
        await waitUntil("feedback cancelled") { f.clock.pendingSleepCount == 0 }
        await f.expectNothingAdvances()
    }

    @Test func stopWhenIdleDoesNothingAndStopIsIdempotent() async {
        let f = makeFixture()
        await f.session.stop().value
        #expect(f.player.events.isEmpty)
        await f.drive(to: .playingTunable)
        await f.session.stop().value
        await f.session.stop().value
        #expect(f.player.handleStopCount == 1)
        #expect(f.player.stopAllCount == 0)
    }

    @Test(arguments: [PitchMatchingSessionState.playingReference, .playingTunable, .showingFeedback])
    func trainingRestartsAfterStop(from state: PitchMatchingSessionState) async {
        let f = makeFixture()
        await f.drive(to: state)
        f.session.stop()
        await f.drive(to: .playingTunable)
        #expect(f.session.state == .playingTunable)
        #expect(f.session.currentChallenge != nil)
    }

    @Test func playerFailureStopsToIdleWithAStatus() async {
        let f = makeFixture()
        f.player.failStartingTunableNotes()
        await f.drive(to: .playingReference)
        f.clock.advance(by: .seconds(1))
        await waitUntil("idle") { f.session.state == .idle }
        #expect(f.session.statusMessage != nil)
        #expect(f.logger.count(atLeast: .error) == 1)
        #expect(f.observer.completed.isEmpty)
    }

    @Test func adjustmentFailureStopsTheNoteAndGoesIdle() async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        f.player.failAdjustments()
        f.session.adjust(byCents: Cents(3))
        await waitUntil("idle") { f.session.state == .idle }
        #expect(f.session.statusMessage != nil)
        await waitUntil("handle stopped") { f.player.handleStopCount == 1 }
    }

    @Test func observerFailureIsLoggedAndTrainingContinues() async {
        let f = makeFixture()
        f.observer.fails = true
        await f.drive(to: .showingFeedback)
        #expect(f.logger.count(atLeast: .error) == 1)
        f.clock.advance(by: .milliseconds(400))
        await waitUntil("next reference") { f.player.playCalls.count == 2 }
        #expect(f.session.state == .playingReference)
    }

    @Test(arguments: [InterruptionEvent.suspended, .outputLost(reason: "gone"), .interrupted])
    func interruptionsThatStopTraining(event: InterruptionEvent) async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        f.interruptions.send(event)
        await waitUntil("stopped") { f.session.state == .idle }
        await waitUntil("note stopped") { f.player.handleStopCount == 1 }
        #expect(f.observer.completed.isEmpty)
        #expect(f.session.statusMessage?.isEmpty == false)
        f.interruptions.send(.interruptionEnded)
        await settle()
        #expect(f.session.state == .idle)
    }

    @Test(arguments: [InterruptionEvent.interruptionEnded, .outputAvailable(name: "FLUID Synth")])
    func interruptionsThatDoNotStopTraining(event: InterruptionEvent) async {
        let f = makeFixture()
        await f.drive(to: .playingTunable)
        f.interruptions.send(event)
        await waitUntil("event handled") { f.logger.entries.contains { $0.message.contains("continues") } }
        #expect(f.session.state == .playingTunable)
        #expect(f.player.handleStopCount == 0)
    }
}

extension PitchMatchingFixture {
    func clockAdvanceFeedback() async {
        await waitUntil("feedback sleep") { clock.pendingSleepCount == 1 }
        clock.advance(by: .milliseconds(400))
    }

    /// After a stop: however much time passes, nothing plays and no observer hears anything more.
    func expectNothingAdvances(sourceLocation: SourceLocation = #_sourceLocation) async {
        let events = player.events.count
        let completed = observer.completed.count
        clock.advance(by: .seconds(10))
        await settle()
        #expect(session.state == .idle, sourceLocation: sourceLocation)
        #expect(player.events.count == events, sourceLocation: sourceLocation)
        #expect(observer.completed.count == completed, sourceLocation: sourceLocation)
    }
}
