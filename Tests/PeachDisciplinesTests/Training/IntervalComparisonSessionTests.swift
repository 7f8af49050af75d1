import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Hands out the given comparisons in turn (interval trials with known notes and offsets).
@MainActor
final class ScriptedComparisonStrategy: ComparisonStrategy {
    let comparisons: [Comparison]
    private var index = 0
    init(_ comparisons: [Comparison]) { self.comparisons = comparisons }

    func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                        last: CompletedComparison?) -> Comparison {
        defer { index += 1 }
        return comparisons[index % comparisons.count]
    }
}

/// Interval comparisons through the shared comparison session: frequencies, the presented offset, the
/// wider/narrower answer on downward intervals, and harmonic presentation with every stop path.
@Suite @MainActor struct IntervalComparisonSessionTests {
    static let fifthDown = Comparison(referenceNote: MIDINote(67)!, targetNote: MIDINote(60)!, centOffset: Cents(10),
                                      interval: .perfectFifth, tuningSystem: .justIntonation)
    static let thirdUp = Comparison(referenceNote: MIDINote(60)!, targetNote: MIDINote(64)!, centOffset: Cents(-8),
                                    interval: .majorThird, tuningSystem: .justIntonation)

    @MainActor struct Fixture {
        let clock = ManualClock()
        let player: MockNotePlayer
        let observer = MockComparisonObserver()
        let profile = PerceptualProfile()
        let session: ComparisonSession

        init(_ comparisons: [Comparison], presentationShift: @escaping @Sendable (Frequency) -> Cents = { _ in .zero }) {
            player = MockNotePlayer(clock: clock, presentationShift: presentationShift)
            session = ComparisonSession(notePlayer: player, profile: profile, settings: MockSettingsSource(),
                                        strategy: ScriptedComparisonStrategy(comparisons), clock: clock,
                                        observers: [observer, TrialRecorder(observers: [profile])])
            observer.session = session
        }

        func finishNote() async {
            await waitUntil("a sounding note") { clock.pendingSleepCount >= 1 }
            clock.advance(by: .seconds(1))
        }
    }

    func harmonic(_ comparison: Comparison) -> Comparison {
        var copy = comparison
        copy.presentation = .harmonic
        return copy
    }

    @Test func melodicIntervalPlaysTheReferenceThenTheTunedTargetAndRecordsTheOffsetNotTheInterval() async {
        let f = Fixture([Self.thirdUp])
        f.session.start()
        await f.finishNote()
        await waitUntil("note 2") { f.session.state == .playingNote2 && f.clock.pendingSleepCount == 1 }
        let played = f.player.playedFrequencies
        #expect(played.count == 2)
        #expect(abs(Cents.between(played[0], and: played[1]).value - (386.3137 - 8)) < 1e-3)
        f.session.handle(.answer(up: false))
        #expect(f.observer.completed.count == 1)
        let completed = f.observer.completed[0]
        #expect(abs(completed.presentedCentOffset.value + 8) < 1e-9, "the offset from the just third, not 378 c")
        #expect(completed.isCorrect, "note 2 lower on an upward third: narrower")
        #expect(f.profile.comparisonCount(in: .unisonComparison) == 0)
        #expect(f.profile.comparisonCount(in: TrainingDiscipline(.comparison, interval: .majorThird,
                                                                 tuningSystem: .justIntonation)) == 1)
        f.session.stop()
    }

    @Test func thePresentedOffsetIsWhatTheSynthSounds() async {
        // The synth sounds every note 0.3 c sharp per 100 Hz: the interval it presents differs from the ideal.
        let f = Fixture([Self.thirdUp], presentationShift: { Cents($0.hertz / 100 * 0.3) })
        f.session.start()
        await f.finishNote()
        await f.finishNote()
        await waitUntil("awaiting answer") { f.session.state == .awaitingAnswer }
        f.session.handle(.answer(up: true))
        let reference = Self.thirdUp.referenceFrequency(.standard)
        let target = Self.thirdUp.targetFrequency(.standard)
        let expected = Cents.between(reference.shifted(by: Cents(reference.hertz / 100 * 0.3)),
                                     and: target.shifted(by: Cents(target.hertz / 100 * 0.3))).value - 386.3137
        #expect(abs(f.observer.completed[0].presentedCentOffset.value - expected) < 1e-3)
        #expect(abs(expected + 8) > 0.1, "the shift must make a difference for this test to mean anything")
        f.session.stop()
    }

    /// A fifth down with note 2 10 c high is narrower: ↑ (wider) is wrong, ↓ (narrower) is right.
    @Test(arguments: [(true, false), (false, true)])
    func upMeansWiderOnADownwardInterval(answeredUp: Bool, correct: Bool) async {
        let f = Fixture([Self.fifthDown])
        f.session.start()
        await f.finishNote()
        await waitUntil("note 2") { f.session.isAnswerEnabled }
        f.session.handle(.answer(up: answeredUp))
        #expect(f.observer.completed.first?.isCorrect == correct)
        #expect(f.observer.completed.first?.answeredHigher == !answeredUp)
        #expect(!Self.fifthDown.isWider)
        f.session.stop()
    }

    @Test func harmonicStartsBothNotesTogetherAndAcceptsAnswersAtOnce() async {
        let f = Fixture([harmonic(Self.thirdUp)])
        f.session.start()
        await waitUntil("both notes sounding") { f.clock.pendingSleepCount == 2 }
        // Together: the two notes start from two tasks of one group, in either order.
        #expect(Set(f.player.playedFrequencies) == [Self.thirdUp.referenceFrequency(.standard),
                                                    Self.thirdUp.targetFrequency(.standard)])
        #expect(f.player.playedFrequencies.count == 2)
        #expect(f.player.playCalls.allSatisfy { $0.duration == .seconds(1) })
        #expect(f.session.state == .playingNote2)
        #expect(f.session.isAnswerEnabled)
        f.clock.advance(by: .seconds(1))
        await waitUntil("awaiting answer") { f.session.state == .awaitingAnswer }
        #expect(f.player.sounding.isEmpty)
        f.session.stop()
    }

    @Test func harmonicAnswerWhileSoundingSilencesBothNotes() async {
        let f = Fixture([harmonic(Self.thirdUp)])
        f.session.start()
        await waitUntil("both notes sounding") { f.clock.pendingSleepCount == 2 }
        #expect(f.player.sounding.count == 2)
        f.session.handle(.answer(up: true))
        await waitUntil("silenced") { f.player.stopAllCount == 1 }
        #expect(f.player.sounding.isEmpty)
        #expect(f.observer.completed.count == 1)
        f.session.stop()
    }

    enum StopPoint: CaseIterable { case sounding, awaitingAnswer, feedback, idle }

    @Test(arguments: StopPoint.allCases)
    func harmonicStopFromEveryStateLeavesNothingSounding(at point: StopPoint) async {
        let f = Fixture([harmonic(Self.thirdUp)])
        f.session.start()
        await waitUntil("both notes sounding") { f.clock.pendingSleepCount == 2 }
        switch point {
        case .sounding: break
        case .awaitingAnswer:
            f.clock.advance(by: .seconds(1))
            await waitUntil("awaiting answer") { f.session.state == .awaitingAnswer }
        case .feedback:
            f.clock.advance(by: .seconds(1))
            await waitUntil("awaiting answer") { f.session.state == .awaitingAnswer }
            f.session.handle(.answer(up: true))
            #expect(f.session.state == .showingFeedback)
        case .idle:
            await f.session.stop().value
        }
        await f.session.stop().value
        #expect(f.session.state == .idle)
        #expect(f.player.sounding.isEmpty, "\(point): \(f.player.sounding)")
        await settle()
        #expect(f.player.sounding.isEmpty, "\(point): nothing starts after the stop")
        #expect(f.observer.completed.count == (point == .feedback ? 1 : 0))
    }

    @Test func harmonicPlayerFailureStopsAndSilences() async {
        let f = Fixture([harmonic(Self.thirdUp)])
        f.player.failPlay(atCall: 1)
        f.session.start()
        await waitUntil("stopped") { f.session.state == .idle && f.player.stopAllCount == 1 }
        #expect(f.player.sounding.isEmpty)
        #expect(f.session.statusMessage != nil)
    }
}
