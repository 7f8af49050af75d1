import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Interval matching through the shared pitch-matching session: the target is the tuned interval, the error
/// is measured from it, and the harmonic reference is held and silenced on every path.
@Suite @MainActor struct IntervalMatchingSessionTests {
    @MainActor struct Fixture {
        let clock = ManualClock()
        let player: MockNotePlayer
        let observer = MockPitchMatchingObserver()
        let settings: MockSettingsSource
        let session: PitchMatchingSession

        init(_ intervals: String = "P5 down", system: TuningSystem = .justIntonation,
             presentation: IntervalPresentation = .melodic,
             presentationShift: @escaping @Sendable (Frequency) -> Cents = { _ in .zero }) {
            player = MockNotePlayer(clock: clock, presentationShift: presentationShift)
            var values = TrainingSettings.defaults
            values.intervals = try! IntervalSelection.parse(intervals).get()
            values.tuningSystem = system
            values.intervalPresentation = presentation
            values.maxInitialCentOffset = Cents(40)
            settings = MockSettingsSource(values)
            session = PitchMatchingSession(notePlayer: player, settings: settings, clock: clock,
                                           observers: [observer], random: SeededRandom(seed: 11),
                                           intervals: .configured)
            observer.session = session
        }

        func toTuning() async {
            session.start()
            await waitUntil("reference") { clock.pendingSleepCount == 1 }
            clock.advance(by: .seconds(1))
            await waitUntil("tunable") { session.state == .playingTunable }
        }
    }

    @Test func challengesDrawTheChosenIntervalsInsideTheRange() {
        var settings = TrainingSettings.defaults
        settings.noteRange = MIDINote(60)!...MIDINote(72)!
        settings.intervals = try! IntervalSelection.parse("P5 up M3 down P8 both").get()
        settings.tuningSystem = .justIntonation
        var generator = PitchMatchingChallengeGenerator(random: SeededRandom(seed: 5), intervals: .configured)
        let challenges = (0..<600).map { _ in generator.nextChallenge(settings: settings) }
        #expect(challenges.allSatisfy { settings.noteRange.contains($0.referenceNote) && settings.noteRange.contains($0.targetNote) })
        #expect(challenges.allSatisfy { settings.intervals.intervals.contains($0.directedInterval) })
        #expect(Set(challenges.map(\.directedInterval)) == Set(settings.intervals.intervals))
        #expect(challenges.allSatisfy { $0.tuningSystem == .justIntonation && $0.discipline.interval == $0.interval })
    }

    @Test func tuningToTheJustIntervalScoresZeroAndTheErrorIsFromTheInterval() async throws {
        let f = Fixture()
        await f.toTuning()
        let challenge = try #require(f.session.currentChallenge)
        #expect(challenge.directedInterval == DirectedInterval(.perfectFifth, .down))
        let reference = challenge.referenceFrequency(.standard)
        #expect(f.player.playedFrequencies == [reference])
        let started = try #require(f.player.heldStarts.last)
        #expect(abs(Cents.between(reference, and: started).value - (-701.955 + challenge.initialCentOffset.value)) < 1e-3)
        f.session.handle(.tune(centsFromTarget: Cents(3), via: .cc7))
        f.session.commit()
        let error = try #require(f.observer.completed.first?.userCentError)
        #expect(abs(error.value - 3) < 1e-9)
        f.session.stop()
    }

    @Test func theRecordedErrorIsThePresentedIntervalsError() async throws {
        // A synth that sounds everything 0.5 c sharp per 100 Hz: the presented interval is what the user tuned.
        let f = Fixture("M3 up", presentationShift: { Cents($0.hertz / 100 * 0.5) })
        await f.toTuning()
        let challenge = try #require(f.session.currentChallenge)
        let target = challenge.targetFrequency(.standard)
        f.session.adjustFrequency(target)
        f.session.commit()
        let reference = challenge.referenceFrequency(.standard)
        let presented = Cents.between(reference.shifted(by: Cents(reference.hertz / 100 * 0.5)),
                                      and: target.shifted(by: Cents(target.hertz / 100 * 0.5)))
        let error = try #require(f.observer.completed.first?.userCentError)
        #expect(abs(error.value - (presented.value - 386.3137)) < 1e-3)
        #expect(abs(error.value) > 0.05)
        f.session.stop()
    }

    @Test func harmonicHoldsTheReferenceWhileTheUserTunesAndCommitStopsBoth() async throws {
        let f = Fixture(presentation: .harmonic)
        f.session.start()
        await waitUntil("reference held") { f.clock.pendingSleepCount == 1 }
        let challenge = try #require(f.session.currentChallenge)
        #expect(f.player.playCalls.isEmpty, "no fixed-length reference")
        #expect(f.player.heldStarts == [challenge.referenceFrequency(.standard)])
        #expect(f.session.state == .playingReference)
        #expect(f.player.events == [.startTunable(challenge.referenceFrequency(.standard)), .rest(.seconds(1))],
                "the tunable note waits on the player's clock (the sequencer queue), not on a sleep of the session's")
        f.clock.advance(by: .seconds(1))
        await waitUntil("tunable") { f.session.state == .playingTunable }
        #expect(f.player.sounding == [challenge.referenceFrequency(.standard), challenge.initialFrequency(.standard)],
                "reference still sounding under the tunable note")
        f.session.commit()
        await waitUntil("both stopped") { f.player.handleStopCount == 2 }
        #expect(f.player.sounding.isEmpty)
        #expect(f.observer.completed.count == 1)
        // The next challenge holds its reference again.
        await waitUntil("feedback") { f.clock.pendingSleepCount == 1 }
        f.clock.advance(by: TrainingSettings.feedbackDuration)
        await waitUntil("next reference") { f.player.heldStarts.count == 3 }
        f.session.stop()
    }

    enum StopPoint: CaseIterable { case reference, tuning, feedback, idle }

    @Test(arguments: StopPoint.allCases)
    func harmonicStopFromEveryStateSilencesBothNotes(at point: StopPoint) async {
        let f = Fixture(presentation: .harmonic)
        f.session.start()
        await waitUntil("reference held") { f.clock.pendingSleepCount == 1 }
        switch point {
        case .reference: break
        case .tuning:
            f.clock.advance(by: .seconds(1))
            await waitUntil("tunable") { f.session.state == .playingTunable }
        case .feedback:
            f.clock.advance(by: .seconds(1))
            await waitUntil("tunable") { f.session.state == .playingTunable }
            f.session.commit()
        case .idle:
            await f.session.stop().value
        }
        await f.session.stop().value
        #expect(f.session.state == .idle)
        #expect(f.player.sounding.isEmpty, "\(point): \(f.player.sounding)")
        f.clock.advance(by: .seconds(5))
        await settle()
        #expect(f.player.sounding.isEmpty, "\(point): nothing starts after the stop")
    }

    @Test func harmonicStopWhileTheTunableNoteIsStartingSilencesBoth() async {
        let f = Fixture(presentation: .harmonic)
        f.player.holdTunableStart()
        f.session.start()
        await waitUntil("reference starting") { f.player.isHoldingTunableStart }
        f.player.releaseTunableStart()
        await waitUntil("reference held") { f.clock.pendingSleepCount == 1 }
        f.player.holdTunableStart()
        f.clock.advance(by: .seconds(1))
        await waitUntil("tunable starting") { f.player.isHoldingTunableStart }
        await f.session.stop().value
        f.player.releaseTunableStart()
        await waitUntil("late tunable silenced") { f.player.sounding.isEmpty }
        await settle()
        #expect(f.player.sounding.isEmpty)
    }

    @Test func harmonicFailureOfTheTunableNoteStopsTrainingAndSilencesTheReference() async {
        let f = Fixture(presentation: .harmonic)
        f.session.start()
        await waitUntil("reference held") { f.clock.pendingSleepCount == 1 }
        f.player.failStartingTunableNotes()
        f.clock.advance(by: .seconds(1))
        await waitUntil("stopped") { f.session.state == .idle }
        await waitUntil("silenced") { f.player.sounding.isEmpty }
        #expect(f.session.statusMessage != nil)
    }

    @Test func harmonicInterruptionWhileTuningSilencesBothNotes() async {
        let f = Fixture(presentation: .harmonic)
        await f.toTuning()
        f.session.stop()
        await waitUntil("silenced") { f.player.sounding.isEmpty }
        #expect(f.player.handleStopCount == 2)
    }
}
