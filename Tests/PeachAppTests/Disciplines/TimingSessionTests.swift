import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

extension TapSource {
    /// The MIDI pad the timing tests tap with.
    static let pad = TapSource.midi(device: "Test pad")
}

/// Collects every finished trial of a session.
@MainActor
final class TrialCollector: TrainingObserver {
    var trials: [any CompletedTrial] = []
    func trialCompleted(_ trial: any CompletedTrial) throws { trials.append(trial) }
}

/// Compare timing with a mock rhythm player whose queue clock the test moves: the pattern's absolute times,
/// answers only after it, feedback, the staircase, and stop from every state.
@MainActor @Suite struct CompareTimingSessionTests {
    @MainActor struct Rig {
        let player: InstantRhythmPlayer
        let settings = FixedSettings()
        let collector = TrialCollector()
        let profile = PerceptualProfile()
        let session: CompareTimingSession

        init(tempo: Int = 120, seed: UInt64 = 7, wakeUps: QueueWakeUps = .exact) {
            player = InstantRhythmPlayer(instant: false, wakeUps: wakeUps)
            settings.currentSettings.tempo = TempoBPM(tempo)!
            session = CompareTimingSession(player: player, profile: profile, settings: settings, clock: SteppingClock(),
                                           observers: [collector], strategy: CompareTimingStrategy(random: SeededRandom(seed: seed)))
        }

        /// Plays the pattern to its end: the answer is taken from then on.
        func playPattern() async {
            _ = await eventually("pattern queued") { player.scheduled.count % 4 == 0 && !player.scheduled.isEmpty }
            player.advance(by: .seconds(2))
        }
    }

    @Test func fourClicksASixteenthApartTheFourthMovedScheduledAtAbsoluteTimes() async throws {
        let rig = Rig(tempo: 120)
        let start = try await rig.player.queueNow()
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 4 })
        let clicks = rig.player.scheduled
        let trial = try #require(rig.session.currentTrial)
        #expect(clicks[0].time == start + CompareTimingSession.leadIn, "the first click a lead-in after now, on the queue clock")
        #expect(clicks.map(\.accent) == [true, false, false, false])
        for step in 1..<3 { #expect(clicks[step].time - clicks[step - 1].time == .milliseconds(125)) }
        #expect(abs((clicks[3].time - clicks[2].time - .milliseconds(125)).nanoseconds - Int64(trial.offset.value * 1e6)) <= 1)
        #expect(!rig.session.accepts(.answer(late: true)), "no answer while the pattern plays")
        rig.player.advance(by: .seconds(1))
        #expect(await eventually("answerable") { rig.session.accepts(.answer(late: true)) })
    }

    /// On a queue that wakes every millisecond (the default timer), the pattern starts on a wake-up and the
    /// trial that is answered and recorded states the offset the queue delivers, not the one the staircase asked.
    @Test(arguments: [60, 120, 200])
    func theRecordedOffsetIsTheOneTheQueueDelivers(tempo: Int) async throws {
        let millisecond = QueueWakeUps(periodNanoseconds: 1_000_000)
        let rig = Rig(tempo: tempo, seed: UInt64(tempo), wakeUps: millisecond)
        rig.player.advance(by: .nanoseconds(333_333))  // now is between two wake-ups
        rig.session.start()
        await rig.playPattern()
        #expect(await eventually("answerable") { rig.session.state == .awaitingAnswer })
        let clicks = rig.player.scheduled
        let trial = try #require(rig.session.currentTrial)
        #expect(clicks.allSatisfy { millisecond.nearest(to: $0.time) == $0.time }, "every click on a wake-up: \(clicks)")
        let grid = clicks[0].time + trial.tempo.sixteenth * CompareTimingTrial.movedClick
        #expect(Double((clicks[3].time - grid).nanoseconds) / 1e6 == trial.offset.value)
        #expect(trial.offset.value == trial.offset.value.rounded() && trial.offset.value != 0)
        rig.session.handle(.answer(late: trial.isLate))
        let completed = try #require(rig.collector.trials.first as? CompletedCompareTiming)
        #expect(completed.trial.offset == trial.offset)
    }

    @Test func anOffsetSmallerThanAWakeUpIsPlayedAsOneInItsDirection() {
        let start = QueueInstant(nanoseconds: 5_000_000_000)
        let millisecond = QueueWakeUps(periodNanoseconds: 1_000_000)
        let tempo = TempoBPM(200)!
        #expect(CompareTimingTrial(tempo: tempo, offset: Milliseconds(0.3)).delivered(from: start, on: millisecond).offset
                == Milliseconds(1))
        #expect(CompareTimingTrial(tempo: tempo, offset: Milliseconds(-0.3)).delivered(from: start, on: millisecond).offset
                == Milliseconds(-1))
        #expect(CompareTimingTrial(tempo: tempo, offset: Milliseconds(-16.737)).delivered(from: start, on: millisecond).offset
                == Milliseconds(-17))
        #expect(CompareTimingTrial(tempo: tempo, offset: Milliseconds(0.3)).delivered(from: start, on: .exact).offset
                == Milliseconds(0.3))
    }

    /// On the finest queue (6250 Hz: a wake-up every 0.16 ms) 200 BPM's 75 ms sixteenth is not a whole number of
    /// wake-ups: the grid steps the nearest whole number (469, 75.04 ms), so the grid clicks are exactly even, and
    /// the moved click is exactly the recorded offset from where they put it.
    @Test func onTheFinestQueueTheGridStepsWholeWakeUpsAndTheOffsetIsExact() {
        let finest = QueueWakeUps(periodNanoseconds: 160_000)
        let start = QueueInstant(nanoseconds: 160_000 * 31_250)
        let trial = CompareTimingTrial(tempo: TempoBPM(200)!, offset: Milliseconds(-3.3)).delivered(from: start, on: finest)
        #expect(trial.playedSixteenth == .nanoseconds(75_040_000))
        #expect(trial.offset == Milliseconds(-3.36))
        let clicks = trial.clicks(from: start).map(\.time)
        #expect(clicks.allSatisfy { finest.nearest(to: $0) == $0 }, "every click on a wake-up: \(clicks)")
        #expect(clicks[1] - clicks[0] == .nanoseconds(75_040_000) && clicks[2] - clicks[1] == .nanoseconds(75_040_000))
        #expect(Double((clicks[3] - clicks[2] - .nanoseconds(75_040_000)).nanoseconds) / 1e6 == trial.offset.value)
        // A queue whose period divides the sixteenth keeps the tempo's own.
        let millisecond = CompareTimingTrial(tempo: TempoBPM(200)!, offset: Milliseconds(-3.3))
            .delivered(from: QueueInstant(nanoseconds: 5_000_000_000), on: QueueWakeUps(periodNanoseconds: 1_000_000))
        #expect(millisecond.playedSixteenth == TempoBPM(200)!.sixteenth)
    }

    @Test func anAnswerIsScoredRecordedAndTheNextPatternFollows() async throws {
        let rig = Rig()
        rig.session.start()
        await rig.playPattern()
        #expect(await eventually("answerable") { rig.session.state == .awaitingAnswer })
        let trial = try #require(rig.session.currentTrial)
        rig.session.handle(.answer(late: trial.isLate))
        let completed = try #require(rig.collector.trials.first as? CompletedCompareTiming)
        #expect(completed.isCorrect && completed.trial == trial)
        #expect(rig.session.state == .showingFeedback && rig.session.tally.correct == 1)
        let record = try #require(Disciplines.record(of: completed, outputName: "Midi Through")?.as(CompareTimingRecord.self))
        #expect(record.offset == trial.offset && record.isCorrect && record.answeredLate == trial.isLate)
        #expect(await eventually("next pattern") { rig.player.scheduled.count == 8 })
        // The staircase: one step harder after a correct answer, in % of a sixteenth.
        let next = try #require(rig.session.currentTrial)
        let expected = KazezRule.next(after: trial.percentOfSixteenth, wasCorrect: true, within: CompareTimingStrategy.percentBounds)
        #expect(abs(next.percentOfSixteenth - expected) < 1e-9)
    }

    @Test func stopFromEveryStateRemovesPendingClicksAndDiscardsTheTrial() async throws {
        for stopWhile in [CompareTimingSession.State.playingPattern, .awaitingAnswer, .showingFeedback] {
            let rig = Rig()
            rig.session.start()
            if stopWhile != .playingPattern { await rig.playPattern() }
            if stopWhile == .showingFeedback {
                #expect(await eventually("answerable") { rig.session.state == .awaitingAnswer })
                rig.session.handle(.answer(late: true))
            }
            #expect(await eventually("\(stopWhile)") { rig.session.state == stopWhile })
            await rig.session.stop().value
            let queued = rig.player.scheduled.count
            #expect(rig.session.state == .idle && rig.player.cancelCount == 1, "stopped while \(stopWhile)")
            #expect(rig.collector.trials.count == (stopWhile == .showingFeedback ? 1 : 0), "the unanswered trial is discarded")
            rig.player.advance(by: .seconds(5))
            try await Task.sleep(for: .milliseconds(20))
            #expect(rig.player.scheduled.count == queued, "nothing new is queued after stop")
            #expect(!rig.session.isTraining, "nothing resumes by itself")
        }
    }

    @Test func eachTempoRangeKeepsItsOwnStaircase() throws {
        var strategy = CompareTimingStrategy(random: SeededRandom(seed: 1))
        let profile = PerceptualProfile()
        let slow = strategy.next(tempo: TempoBPM(60)!, profile: profile, last: nil)
        #expect(abs(slow.percentOfSixteenth - CompareTimingStrategy.initialPercent) < 1e-9)
        let answered = CompletedCompareTiming(trial: slow, answeredLate: slow.isLate, timestamp: .now)
        let fast = strategy.next(tempo: TempoBPM(180)!, profile: profile, last: answered)
        #expect(abs(fast.percentOfSixteenth - CompareTimingStrategy.initialPercent) < 1e-9, "another range starts afresh")
        let same = strategy.next(tempo: TempoBPM(70)!, profile: profile, last: answered)
        #expect(same.percentOfSixteenth < slow.percentOfSixteenth, "the same range goes on down the staircase")
    }
}

/// Fill the gap with a mock rhythm player: the grid with one silent step per cycle, the tap window, misses,
/// the sixteen-gap trial, the continuous grid, keyboard taps, and stop.
@MainActor @Suite struct FillTheGapSessionTests {
    @MainActor struct Rig {
        let player: InstantRhythmPlayer
        let settings = FixedSettings()
        let collector = TrialCollector()
        let session: FillTheGapSession

        init(tempo: Int = 120, gaps: Set<Int> = [2], wakeUps: QueueWakeUps = .exact, echoes: Bool = false) {
            player = InstantRhythmPlayer(instant: false, wakeUps: wakeUps, echoes: echoes)
            settings.currentSettings.tempo = TempoBPM(tempo)!
            settings.currentSettings.gapPositions = gaps
            session = FillTheGapSession(player: player, settings: settings, clock: SteppingClock(), observers: [collector],
                                        random: SeededRandom(seed: 3))
        }
    }

    @Test func theGridSoundsThreeStepsOfEveryFourAndTheGapIsSilent() async throws {
        let rig = Rig(gaps: [2])
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        let trial = try #require(rig.session.current)
        #expect(trial.gapPositions == Array(repeating: 2, count: 16))
        let times = Set(rig.player.scheduled.map(\.time))
        for gap in 0..<16 { #expect(!times.contains(trial.gapTime(gap)), "gap \(gap) is silent") }
        #expect(rig.player.scheduled.filter(\.accent).count == 16, "the first step of each cycle is accented")
        #expect(rig.player.scheduled[1].time - rig.player.scheduled[0].time == .milliseconds(125))
    }

    @Test func tapsInTheWindowScoreOutsideAreIgnoredAndMissesCount() async throws {
        let rig = Rig(tempo: 120, gaps: [1])
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        let trial = try #require(rig.session.current)
        rig.session.handle(Tap(at: trial.gapTime(0) - .milliseconds(10), from: .pad))   // 10 ms early: scored
        rig.session.handle(Tap(at: trial.gapTime(0) + .milliseconds(20), from: .pad))           // a second tap into gap 0: ignored
        rig.session.handle(Tap(at: trial.gapTime(1) + .milliseconds(70), from: .pad))           // outside ±62.5 ms: ignored
        rig.session.handle(Tap(at: trial.gapTime(5) + .milliseconds(30), from: .pad))           // 30 ms late: scored
        #expect(await eventually("taps scored") { rig.session.offsets.count { $0 != nil } == 2 })
        #expect(await eventually("every tap is confirmed with its sound") { rig.player.tapSoundCount == 4 })
        rig.player.advance(by: .seconds(9))
        #expect(await eventually("trial over") { rig.collector.trials.count == 1 })
        let completed = try #require(rig.collector.trials.first as? CompletedFillTheGap)
        #expect(completed.hits == 2 && completed.offsets.count == 16, "fourteen misses")
        #expect(completed.offsets[0] == Milliseconds(-10) && completed.offsets[5] == Milliseconds(30))
        #expect(completed.meanOffset == Milliseconds(10))
        #expect(completed.meanOffsetByPosition == [nil, Milliseconds(10), nil, nil])
        #expect(completed.kernelStamped)
        let record = try #require(Disciplines.record(of: completed, outputName: nil)?.as(FillTheGapRecord.self))
        #expect(record.hits == 2 && record.gaps == 16 && record.kernelStamped == true && !record.latencyCorrected)
    }

    /// A player that sounds MIDI taps where the sequencer reads them (the MIDI player) is asked to while the grid plays;
    /// the session then confirms only the keyboard's and the page's taps itself, and a stop ends the echo.
    @Test func aPlayerThatEchoesMIDITapsIsLeftToSoundThemAndTheSessionSoundsTheOthers() async throws {
        let rig = Rig(tempo: 120, gaps: [1], echoes: true)
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        #expect(rig.player.isEchoingMIDITaps, "asked to echo before the first click was queued")
        let trial = try #require(rig.session.current)
        rig.session.handle(Tap(at: trial.gapTime(0), from: .pad))
        rig.session.handle(Tap(at: trial.gapTime(1), from: .keyboard))
        rig.session.handle(Tap(at: trial.gapTime(2), from: .page))
        #expect(await eventually("scored") { rig.session.offsets.count { $0 != nil } == 3 })
        #expect(await eventually("the keyboard's and the page's taps sounded") { rig.player.tapSoundCount == 2 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(rig.player.tapSoundCount == 2, "the MIDI tap was the player's to sound")
        await rig.session.stop().value
        #expect(!rig.player.isEchoingMIDITaps, "a stop ends the echo")
    }

    /// The grid is laid on the queue's wake-ups, at any phase of the queue and any period: every click leaves when it
    /// is asked to (the player moves none), so a tap on the grid as heard scores 0. Off the wake-ups, a grid asked for
    /// 0.3 ms past one was heard 0.3 ms early all run long, and every tap scored 0.3 ms late.
    @Test(arguments: [(1_000_000, 300_000), (1_000_000, 700_000), (160_000, 50_000), (4_000_000, 2_500_000)] as [(Int64, Int64)])
    func theGridIsLaidOnWakeUpsSoTapsAreScoredAgainstTheClicksAsHeard(period: Int64, phase: Int64) async throws {
        let wakeUps = QueueWakeUps(periodNanoseconds: period)
        let rig = Rig(tempo: 120, gaps: [2], wakeUps: wakeUps)
        rig.player.advance(by: .nanoseconds(phase))
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        let trial = try #require(rig.session.current)
        for click in rig.player.scheduled {
            #expect(wakeUps.nearest(to: click.time) == click.time, "a click between wake-ups: \(click.time)")
        }
        let heard = rig.player.scheduled.map { wakeUps.nearest(to: $0.time) }
        // A tap exactly one heard step after the click before the gap: on time.
        let beforeGap = heard[1], step = heard[1] - heard[0]
        rig.session.handle(Tap(at: beforeGap + step, from: .pad))
        #expect(await eventually("tap scored") { rig.session.offsets[0] != nil })
        #expect(rig.session.offsets[0] == Milliseconds(0), "tap on the heard grid: \(String(describing: rig.session.offsets[0]))")
        #expect(trial.sixteenth == wakeUps.wholePeriods(nearest: .milliseconds(125)))
    }

    @Test(arguments: [300_000, 700_000] as [Int64])
    func tapCalibrationsClicksAreOnWakeUpsToo(phase: Int64) {
        let wakeUps = QueueWakeUps(periodNanoseconds: 1_000_000)
        let pattern = TapCalibrationPattern(tempo: TempoBPM(100)!, start: QueueInstant(nanoseconds: 5_000_000_000 + phase),
                                            on: wakeUps)
        #expect(pattern.clicks.allSatisfy { wakeUps.nearest(to: $0.time) == $0.time })
        let tap = pattern.clickTime(TapCalibrationPattern.countIn + 3)
        #expect(pattern.click(nearest: tap)?.offset == Milliseconds(0))
    }

    @Test func theNextTrialIsQueuedBeforeTheRunningOneEndsSoTheGridNeverBreaks() async throws {
        let rig = Rig(gaps: [3])
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        let first = try #require(rig.session.current)
        rig.player.advance(by: first.end - (try await rig.player.queueNow()) - .milliseconds(400))
        #expect(await eventually("next queued") { rig.player.scheduled.count == 96 })
        #expect(rig.player.scheduled[48].time == first.end, "the grid goes on without a gap between trials")
        #expect(rig.collector.trials.isEmpty, "the first trial is scored once its last window has closed")
    }

    @Test func aKeyboardTapIsStampedWhenReadAndMarkedRough() async throws {
        let rig = Rig(gaps: [0])
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        let trial = try #require(rig.session.current)
        rig.player.advance(by: trial.gapTime(0) - (try await rig.player.queueNow()) + .milliseconds(5))
        rig.session.handle(.keyboard)
        #expect(await eventually("scored") { rig.session.offsets[0] == Milliseconds(5) })
        rig.player.advance(by: .seconds(9))
        #expect(await eventually("trial over") { !rig.collector.trials.isEmpty })
        #expect((rig.collector.trials.first as? CompletedFillTheGap)?.kernelStamped == false)
    }

    @Test func stopDiscardsTheUnfinishedTrialAndRemovesPendingClicks() async throws {
        let rig = Rig()
        rig.session.start()
        #expect(await eventually("queued") { rig.player.scheduled.count == 48 })
        let trial = try #require(rig.session.current)
        rig.session.handle(Tap(at: trial.gapTime(0), from: .pad))
        await rig.session.stop().value
        #expect(rig.player.cancelCount == 1 && rig.session.state == .idle)
        rig.player.advance(by: .seconds(20))
        try await Task.sleep(for: .milliseconds(20))
        #expect(rig.collector.trials.isEmpty, "the unfinished trial is discarded")
        #expect(rig.player.scheduled.count == 48, "nothing is queued after stop")
        #expect(!rig.session.accepts(.keyboard))
    }
}
