import Foundation
import Testing
@testable import PeachCore
@testable import PeachDisciplines
import PeachTestSupport

@MainActor
final class MockOutcomeObserver: OutcomeObserver {
    var results: [ThresholdTestRecord] = []
    func outcomeFinished(_ outcome: any TrainingOutcome) throws {
        if let result = outcome as? ThresholdTestRecord { results.append(result) }
    }
}

/// A ThresholdTestSession on mocks with a short test, and helpers that answer its trials on the manual clock.
@MainActor
struct ThresholdTestFixture {
    let clock = ManualClock()
    let player: MockNotePlayer
    let settings: MockSettingsSource
    let trials = MockComparisonObserver()
    let results = MockOutcomeObserver()
    let test: ThresholdTestSession

    init(trialCount: Int = 3, noteRange: ClosedRange<MIDINote> = MIDINote(60)!...MIDINote(64)!,
         breakObserver: MockComparisonObserver? = nil, trainedSlopes: (any ThresholdPosteriorSource)? = nil) {
        player = MockNotePlayer(clock: clock)
        var configured = TrainingSettings.defaults
        configured.noteRange = noteRange
        // The precision is never reached in a few trials: these tests end at the cap.
        configured.thresholdTestStopRule = ThresholdTestStopRule(precision: 2.5, maximumTrials: trialCount)
        settings = MockSettingsSource(configured)
        test = ThresholdTestSession(notePlayer: player, profile: PerceptualProfile(), settings: settings,
                                    clock: clock, observers: [trials] + (breakObserver.map { [$0] } ?? []),
                                    resultObservers: [results], trainedSlopes: trainedSlopes, random: SeededRandom(seed: 7))
    }

    var state: ComparisonSessionState { test.comparison.state }
    var noteDuration: Duration { settings.currentSettings.noteDuration }

    /// Plays the current trial's two notes and waits for the answer prompt.
    func playToAnswer() async {
        await waitUntil("note 1") { state == .playingNote1 && clock.pendingSleepCount == 1 }
        clock.advance(by: noteDuration)
        await waitUntil("note 2") { state == .playingNote2 && clock.pendingSleepCount == 1 }
        clock.advance(by: noteDuration)
        await waitUntil("awaiting the answer") { state == .awaitingAnswer }
    }

    /// Answers the current trial correctly, then lets its feedback end (unless the test just finished).
    func answerTrial() async {
        await playToAnswer()
        let up = test.comparison.currentComparison?.isTargetHigher ?? true
        test.handle(.answer(up: up))
        guard test.result == nil else { return }
        await waitUntil("feedback") { clock.pendingSleepCount == 1 }
        clock.advance(by: TrainingSettings.feedbackDuration)
    }
}

@Suite @MainActor struct ThresholdTestSessionTests {
    @Test func endsAfterItsTrialCountAndRecordsExactlyOneResult() async {
        let f = ThresholdTestFixture(trialCount: 3)
        f.test.start()
        for _ in 0..<3 { await f.answerTrial() }
        let result = try! #require(f.test.result)
        #expect(f.results.results == [result])
        #expect(result.trials == 3)
        #expect(result.noteRange == MIDINote(60)!...MIDINote(64)!)
        #expect(result.lower <= result.median && result.median <= result.upper)
        #expect(f.trials.completed.count == 3)
        // The card stays up (still "training" for the app); no further trial is played.
        #expect(f.test.isTraining)
        #expect(f.state == .idle)
        await settle()
        #expect(f.player.playCalls.count == 6)
        f.test.start() // ignored while the card shows
        #expect(f.player.playCalls.count == 6)
        // Back to Start: the card closes, nothing restarts by itself, nothing more is recorded.
        await f.test.stop().value
        #expect(!f.test.isTraining)
        #expect(f.test.result == nil)
        await settle()
        #expect(f.results.results.count == 1)
        #expect(f.player.playCalls.count == 6)
    }

    @Test func trialsAreUnisonComparisonsOnTheConfiguredRange() async {
        let f = ThresholdTestFixture(trialCount: 8, noteRange: MIDINote(48)!...MIDINote(50)!)
        f.test.start()
        for _ in 0..<8 { await f.answerTrial() }
        #expect(f.trials.completed.count == 8)
        for completed in f.trials.completed {
            #expect((MIDINote(48)!...MIDINote(50)!).contains(completed.comparison.referenceNote))
            #expect(completed.comparison.discipline == .unisonComparison)
            let offset = completed.comparison.centOffset.magnitude
            #expect(ThresholdTestProcedure.defaultDifferenceBounds.contains(offset))
        }
        // All correct: the procedure moves to smaller differences.
        let first = f.trials.completed.first!.comparison.centOffset.magnitude
        let last = f.trials.completed.last!.comparison.centOffset.magnitude
        #expect(last < first)
    }

    enum StopPoint: CaseIterable { case playingNote1, playingNote2, awaitingAnswer, showingFeedback }

    @Test(arguments: StopPoint.allCases)
    func stoppingFromAnyStateRecordsNoResultAndKeepsAnsweredTrials(_ point: StopPoint) async {
        let f = ThresholdTestFixture(trialCount: 3)
        f.test.start()
        await f.answerTrial()
        switch point {
        case .playingNote1:
            await waitUntil("note 1") { f.state == .playingNote1 && f.clock.pendingSleepCount == 1 }
        case .playingNote2:
            await waitUntil("note 1") { f.state == .playingNote1 && f.clock.pendingSleepCount == 1 }
            f.clock.advance(by: f.noteDuration)
            await waitUntil("note 2") { f.state == .playingNote2 }
        case .awaitingAnswer:
            await f.playToAnswer()
        case .showingFeedback:
            await f.playToAnswer()
            f.test.handle(.answer(up: true))
            #expect(f.state == .showingFeedback)
        }
        await f.test.stop().value
        #expect(!f.test.isTraining)
        #expect(f.test.result == nil)
        #expect(f.results.results.isEmpty)
        let answered = point == .showingFeedback ? 2 : 1
        #expect(f.trials.completed.count == answered)
        #expect(f.player.stopAllCount >= 1)
        // Nothing resumes, and a new start is a fresh test of its full length.
        f.clock.advance(by: .seconds(5))
        await settle()
        #expect(f.results.results.isEmpty)
        f.test.start()
        #expect(f.test.trialsDone == 0)
        for _ in 0..<3 { await f.answerTrial() }
        #expect(f.results.results.count == 1)
        #expect(f.results.results.first?.trials == 3)
    }

    /// A test of `trialCount` trials, two answered, with a quiet break (an observer after the store)
    /// stopping it on the second answer.
    private func answeredTwiceWithABreakOnTheSecond(trialCount: Int) async -> ThresholdTestFixture {
        let breaks = MockComparisonObserver()
        let f = ThresholdTestFixture(trialCount: trialCount, breakObserver: breaks)
        breaks.onCompleted = { [weak test = f.test] in
            if breaks.completed.count == 2 { test?.stop() }
        }
        f.test.start()
        await f.answerTrial()
        await f.playToAnswer()
        f.test.handle(.answer(up: true))
        await settle()
        return f
    }

    /// A quiet break is an observer after the store: it may stop the test on its last answer.
    @Test func aBreakOnTheLastAnswerStillRecordsTheResultOnce() async {
        let f = await answeredTwiceWithABreakOnTheSecond(trialCount: 2)
        #expect(f.trials.completed.count == 2)
        #expect(f.results.results.count == 1)
        #expect(f.results.results.first?.trials == 2)
        #expect(!f.test.isTraining, "the break screen takes over: no card")
        await f.test.stop().value
        #expect(f.results.results.count == 1)
    }

    @Test func aBreakBeforeTheLastAnswerRecordsNoResult() async {
        let f = await answeredTwiceWithABreakOnTheSecond(trialCount: 3)
        #expect(f.trials.completed.count == 2)
        #expect(f.results.results.isEmpty)
        #expect(!f.test.isTraining)
    }

    @Test func stoppingTheResultCardIsIdempotent() async {
        let f = ThresholdTestFixture(trialCount: 1)
        f.test.start()
        await f.answerTrial()
        #expect(f.test.result != nil)
        await f.test.stop().value
        await f.test.stop().value
        #expect(!f.test.isTraining)
        #expect(f.results.results.count == 1)
    }

    @Test func summaryReadsLikeTheCard() {
        let record = ThresholdTestRecord(timestamp: Date(timeIntervalSince1970: 0), noteRange: MIDINote(60)!...MIDINote(72)!,
                                         trials: 60, median: Cents(6.3), lower: Cents(4.9), upper: Cents(8.1),
                                         isConclusive: true)
        #expect(record.summary == "75 % threshold around C4–C5: 6.3 cents (95 %: 4.9–8.1) after 60 trials")
    }

    @Test func summarySaysHowTheTestEndedAndBegan() {
        var record = ThresholdTestRecord(timestamp: Date(timeIntervalSince1970: 0), noteRange: MIDINote(60)!...MIDINote(72)!,
                                         trials: 87, median: Cents(6.3), lower: Cents(4.9), upper: Cents(8.1),
                                         isConclusive: true)
        record.conduct = ThresholdTestConduct(precision: 2.5, reachedPrecision: true, startedFromTrainedSlope: true)
        #expect(record.summary == "75 % threshold around C4–C5: 6.3 cents (95 %: 4.9–8.1, ×1.7) after 87 trials; "
                + "precision ×2.5 reached; started from the slope learned in training")
        record.trials = 150
        record.conduct = ThresholdTestConduct(precision: 2, reachedPrecision: false, startedFromTrainedSlope: false)
        #expect(record.summary == "75 % threshold around C4–C5: 6.3 cents (95 %: 4.9–8.1, ×1.7) after 150 trials; "
                + "precision ×2.0 not reached (stopped at the trial cap); started cold (no trained slope yet)")
    }

    @Test func theResultRecordsTheConfiguredPrecisionTheCapAndAColdStart() async throws {
        let f = ThresholdTestFixture(trialCount: 2)
        f.test.start()
        #expect(f.test.standing?.text == "no answers yet (goal ×2.5)")
        for _ in 0..<2 { await f.answerTrial() }
        let result = try #require(f.test.result)
        #expect(result.trials == 2)
        #expect(result.conduct == ThresholdTestConduct(precision: 2.5, reachedPrecision: false, startedFromTrainedSlope: false))
    }

    @Test func aUserWithoutTrainingStartsCold() {
        let f = ThresholdTestFixture(trainedSlopes: PerceptualProfile())
        f.test.start()
        // On unison comparison's grid: the fixed lapse rate and the heavy one lapse probes earn or refute.
        #expect(f.test.procedure?.posterior.probabilities == ThresholdPosterior(grid: .lapseProbed).probabilities)
    }

    @Test func aTrainedUserStartsFromTheSlopeLearnedInTraining() throws {
        let profile = PerceptualProfile()
        for trial in SlopePriorTests.answers(count: 400, slope: 3, seed: 9) {
            profile.update(with: .comparison(ComparisonRecord(
                timestamp: .now, referenceNote: trial.note, targetNote: trial.note, intendedCentOffset: trial.difference,
                presentedCentOffset: trial.difference, answeredHigher: trial.correct, isCorrect: trial.correct,
                interval: TrainingDiscipline.unisonComparison.interval,
                tuningSystem: TrainingDiscipline.unisonComparison.tuningSystem)))
        }
        let trained = try #require(profile.trainedSlopePrior)
        let f = ThresholdTestFixture(trainedSlopes: profile)
        f.test.start()
        let posterior = try #require(f.test.procedure?.posterior)
        for (a, b) in zip(posterior.slopeMarginal, trained.slopeMarginal(grid: .lapseProbed)) { #expect(abs(a - b) < 1e-9) }
        #expect(posterior.medianSlope > ThresholdPosterior().medianSlope + 0.5)
        #expect(f.test.procedure?.startedFromTrainedSlope == true)
    }
}
