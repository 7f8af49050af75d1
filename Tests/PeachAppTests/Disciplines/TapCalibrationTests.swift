import Foundation
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
import PeachText
import Testing

/// The tap calibration with a mock rhythm player: the beat on the queue, taps matched to clicks per source,
/// the median stored per source (the synth's latency taken off), too few taps, and stop.
@MainActor @Suite struct TapCalibrationSessionTests {
    @MainActor struct Rig {
        let player = InstantRhythmPlayer(instant: false)
        let settings = FixedSettings()
        let store = MemoryCalibrations()
        let latencies: TimingLatencies
        let session: TapCalibrationSession

        init(tempo: Int = 120, synth: Double? = nil) {
            settings.currentSettings.tempo = TempoBPM(tempo)!
            latencies = TimingLatencies(synth: synth.map { MeasuredLatency(median: Milliseconds($0), spread: .zero, count: 40) },
                                        store: store)
            session = TapCalibrationSession(player: player, settings: settings, latencies: latencies, clock: SteppingClock())
        }

        func started() async throws -> TapCalibrationPattern {
            session.start()
            _ = await eventually("queued") { player.scheduled.count == 28 }
            return try #require(session.pattern)
        }

        /// Taps every tapped-along click `count` times from `source` at `offset` ms (jittered ±`jitter`).
        func tap(_ pattern: TapCalibrationPattern, from source: TapSource, offset: Double, jitter: Double = 0, count: Int = 24) {
            for click in 0..<count {
                let wobble = click % 2 == 0 ? jitter : -jitter
                let time = pattern.clickTime(click + TapCalibrationPattern.countIn) + Milliseconds(offset + wobble).duration
                session.handle(Tap(at: time, from: source))
            }
        }

        func finish() async {
            player.advance(by: .seconds(20))
            _ = await eventually("finished") { session.state == .finished }
        }
    }

    @Test func aSteadyBeatOfFourToCountInAndTwentyFourToTapAlongIsQueuedAtAbsoluteTimes() async throws {
        let rig = Rig(tempo: 100)
        let pattern = try await rig.started()
        #expect(rig.player.scheduled.map(\.time) == (0..<28).map { pattern.start + .milliseconds(600) * $0 })
        #expect(rig.player.scheduled.filter(\.accent).count == 7, "the first click of every bar")
    }

    @Test func eachSourceIsMeasuredOnItsOwnAndStored() async throws {
        let rig = Rig()
        let pattern = try await rig.started()
        rig.tap(pattern, from: .pad, offset: 6, jitter: 2)
        rig.tap(pattern, from: .keyboard, offset: 41, jitter: 10, count: 20)
        await rig.finish()
        let outcomes = try #require(rig.session.result?.outcomes)
        guard case .calibrated(let keyboard, nil) = outcomes.first, case .calibrated(let pad, nil) = outcomes.last else {
            Issue.record("both calibrated: \(outcomes)")
            return
        }
        #expect(keyboard.source == .keyboard && pad.source == .pad)
        #expect(abs(pad.latency.median.value - 6) < 1e-6 && pad.latency.count == 24)
        #expect(abs(pad.latency.spread.value - 2 * 1.4826) < 1e-6)
        #expect(abs(keyboard.latency.median.value - 41) < 1e-6 && keyboard.latency.count == 20)
        #expect(rig.store.saved.count == 2)
        #expect(rig.latencies.correction(for: .pad).map { abs($0.value - 6) < 1e-6 } == true)
    }

    @Test func theSynthsMeasuredLatencyIsTakenOffTheTaps() async throws {
        let rig = Rig(synth: 15)
        let pattern = try await rig.started()
        rig.tap(pattern, from: .pad, offset: 21)
        await rig.finish()
        let stored = try #require(rig.store.saved.first)
        #expect(abs(stored.latency.median.value - 6) < 1e-6, "21 ms after the queued click is 6 ms after the heard one")
        #expect(stored.synthLatency == Milliseconds(15))
    }

    @Test func countInTapsAndTapsOutsideHalfABeatDoNotCountAndTooFewStoreNothing() async throws {
        let rig = Rig()
        let pattern = try await rig.started()
        for click in 0..<4 { rig.session.handle(Tap(at: pattern.clickTime(click), from: .pad)) }
        rig.tap(pattern, from: .pad, offset: 5, count: 15)
        rig.session.handle(Tap(at: pattern.clickTime(4) + .milliseconds(30), from: .pad))  // a second tap on one click
        await rig.finish()
        #expect(rig.session.result?.outcomes == [.tooFewTaps(.pad, taps: 15)])
        #expect(rig.store.saved.isEmpty && rig.latencies.correction(for: .pad) == nil)
    }

    @Test func tapsSpreadTooWidelyToBeTappingAlongStoreNothing() async throws {
        let rig = Rig(tempo: 120)
        let pattern = try await rig.started()
        rig.tap(pattern, from: .keyboard, offset: 0, jitter: 100)  // spread 148 ms; the limit at 120 BPM is 62.5 ms
        await rig.finish()
        guard case .tooUneven(.keyboard, let spread)? = rig.session.result?.outcomes.first else {
            Issue.record("refused as uneven: \(String(describing: rig.session.result))")
            return
        }
        #expect(abs(spread.value - 148.26) < 0.01)
        #expect(rig.store.saved.isEmpty && rig.latencies.correction(for: .keyboard) == nil)
        #expect(TapCalibrationResult.spreadLimit(beat: .milliseconds(300)) == Milliseconds(40), "never below 40 ms")
    }

    @Test func aKeyboardTapIsStampedWhenRead() async throws {
        let rig = Rig()
        let pattern = try await rig.started()
        rig.player.advance(by: pattern.clickTime(4) - (try await rig.player.queueNow()) + .milliseconds(35))
        rig.session.handle(.keyboard)
        #expect(await eventually("counted") { rig.session.tapCount == 1 })
    }

    @Test func stopDiscardsTheRunAndRemovesPendingClicks() async throws {
        let rig = Rig()
        let pattern = try await rig.started()
        rig.tap(pattern, from: .pad, offset: 5)
        await rig.session.stop().value
        #expect(rig.player.cancelCount == 1 && rig.session.state == .idle && rig.session.result == nil)
        rig.player.advance(by: .seconds(20))
        try await Task.sleep(for: .milliseconds(20))
        #expect(rig.store.saved.isEmpty, "nothing stored from a stopped run")
        #expect(!rig.session.accepts(.keyboard))
    }
}

/// Fill the gap takes each source's calibrated latency off its taps.
@MainActor @Suite struct FillTheGapCorrectionTests {
    static func latencies(pad: Double) -> TimingLatencies {
        TimingLatencies(taps: [TapCalibration(source: .pad, latency: MeasuredLatency(median: Milliseconds(pad), spread: .zero, count: 24),
                                              synthLatency: nil, date: Date())])
    }

    static func session(_ player: InstantRhythmPlayer, latencies: TimingLatencies, collector: TrialCollector) -> FillTheGapSession {
        let settings = FixedSettings()
        settings.currentSettings.tempo = TempoBPM(120)!
        settings.currentSettings.gapPositions = [1]
        return FillTheGapSession(player: player, settings: settings, clock: SteppingClock(), observers: [collector],
                                 random: SeededRandom(seed: 3), latencies: latencies)
    }

    /// A fill-the-gap session with a pad calibrated at `padLatency` ms, its first trial queued.
    static func started(padLatency: Double) async throws
        -> (InstantRhythmPlayer, TrialCollector, FillTheGapSession, FillTheGapTrial) {
        let player = InstantRhythmPlayer(instant: false), collector = TrialCollector()
        let session = Self.session(player, latencies: Self.latencies(pad: padLatency), collector: collector)
        session.start()
        #expect(await eventually("queued") { player.scheduled.count == 48 })
        return (player, collector, session, try #require(session.current))
    }

    @Test func aCalibratedPadsLatencyIsTakenOffAndTheRecordSaysCorrected() async throws {
        let (player, collector, session, trial) = try await Self.started(padLatency: 20)
        session.handle(Tap(at: trial.gapTime(0) + .milliseconds(30), from: .pad))
        session.handle(Tap(at: trial.gapTime(1) + .milliseconds(75), from: .pad))  // 55 ms once corrected: inside ±62.5
        player.advance(by: .seconds(9))
        #expect(await eventually("trial over") { collector.trials.count == 1 })
        let completed = try #require(collector.trials.first as? CompletedFillTheGap)
        #expect(completed.offsets[0] == Milliseconds(10) && completed.offsets[1] == Milliseconds(55))
        #expect(completed.latencyCorrected)
        let record = try #require(Disciplines.record(of: completed, outputName: nil)?.as(FillTheGapRecord.self))
        #expect(record.latencyCorrected)
    }

    @Test func theLastGapWaitsForALateDevicesTapBeforeTheTrialIsScored() async throws {
        let (player, collector, session, trial) = try await Self.started(padLatency: 25)
        let lastTap = trial.gapTime(15) + .milliseconds(70)  // 45 ms late once corrected: inside the window
        player.advance(by: lastTap - (try await player.queueNow()) - .milliseconds(1))
        try await Task.sleep(for: .milliseconds(20))
        #expect(collector.trials.isEmpty, "the window closes 62.5 + 25 ms after the gap on the queue clock")
        session.handle(Tap(at: lastTap, from: .pad))
        player.advance(by: .milliseconds(30) + FillTheGapSession.deliveryGrace)
        #expect(await eventually("trial over") { collector.trials.count == 1 })
        #expect((collector.trials.first as? CompletedFillTheGap)?.offsets[15] == Milliseconds(45))
    }

    /// The kernel stamped it inside the last gap's window, but the session got it after the window had closed on the
    /// queue clock (a busy main actor): it still counts.
    @Test func aTapStampedInTheLastWindowButDeliveredAfterItStillCounts() async throws {
        let (player, collector, session, trial) = try await Self.started(padLatency: 0)
        let closes = trial.gapTime(15) + .milliseconds(62.5)
        player.advance(by: closes - (try await player.queueNow()) + .milliseconds(60))
        try await Task.sleep(for: .milliseconds(20))
        #expect(collector.trials.isEmpty, "the trial waits \(FillTheGapSession.deliveryGrace) past the window for taps on their way")
        session.handle(Tap(at: trial.gapTime(15) + .milliseconds(45), from: .pad))
        player.advance(by: .milliseconds(50))
        #expect(await eventually("trial over") { collector.trials.count == 1 })
        #expect((collector.trials.first as? CompletedFillTheGap)?.offsets[15] == Milliseconds(45))
    }

    @Test func oneUncalibratedSourceAmongTheHitsMakesTheTrialUncorrected() async throws {
        let (player, collector, session, trial) = try await Self.started(padLatency: 20)
        session.handle(Tap(at: trial.gapTime(0) + .milliseconds(30), from: .pad))
        session.handle(Tap(at: trial.gapTime(1) + .milliseconds(30), from: .midi(device: "another pad")))
        player.advance(by: .seconds(9))
        #expect(await eventually("trial over") { collector.trials.count == 1 })
        let completed = try #require(collector.trials.first as? CompletedFillTheGap)
        #expect(completed.offsets[1] == Milliseconds(30), "not corrected: no calibration for it")
        #expect(!completed.latencyCorrected)
    }
}

/// A tap-calibration store in memory (the app's is a file in the data directory).
final class MemoryCalibrations: TapCalibrationStore, @unchecked Sendable {
    // @unchecked: tests use it from the main actor only.
    var saved: [TapCalibration] = []
    func load() throws -> [TapCalibration] { saved }
    func save(_ calibrations: [TapCalibration]) throws { saved = calibrations }
}

/// What the Info screen says of the stored tap calibrations: fill the gap's entry, through the registry.
@MainActor @Suite struct TapCalibrationInfoTests {
    static func offering(_ latencies: TimingLatencies) -> SessionServices {
        var services = SessionServices()
        services.offer(latencies)
        return services
    }

    @Test func everyCalibratedSourceIsListedWithItsSignedLatencySpreadAndDay() throws {
        let day = try Date("2026-11-27T10:00:00Z", strategy: .iso8601)
        let calibrations = [
            TapCalibration(source: .pad, latency: MeasuredLatency(median: Milliseconds(-3.3), spread: Milliseconds(2), count: 24),
                           synthLatency: nil, date: day),
            TapCalibration(source: .keyboard, latency: MeasuredLatency(median: Milliseconds(38.24), spread: Milliseconds(11), count: 20),
                           synthLatency: nil, date: day),
        ]
        let entries = Localization.rendering(in: .english) {
            Disciplines.infoEntries(InfoContext(services: Self.offering(TimingLatencies(taps: calibrations))))
        }
        #expect(entries == [InfoEntry(label: "Tap latency",
                                      text: "computer keyboard +38.2 ms (spread 11.0 ms, 2026-11-27); Test pad −3.3 ms (spread 2.0 ms, 2026-11-27)")])
        #expect(Disciplines.infoEntries(InfoContext(services: Self.offering(TimingLatencies()))).isEmpty)
        #expect(Disciplines.infoEntries(InfoContext(services: SessionServices())).isEmpty, "none offered: nothing to list")
        let screen = Localization.rendering(in: .english) {
            InfoScreen.render(InfoScreenModel(version: "1", licence: "MIT", dataDirectory: "/d", configFile: "/c", synth: .none,
                                              controller: .none, velocityCeiling: 100, volumeCeiling: 100, volumePercent: 80,
                                              entries: entries), size: TerminalSize(columns: 80, rows: 24), style: Styler(.monochrome))
        }
        #expect(screen.contains { $0.contains("Tap latency") && $0.contains("computer keyboard +38.2 ms") }, "\(screen)")
    }
}

/// The profile says whether fill the gap's offsets are the user's own or still hold their devices' latency.
@MainActor @Suite struct FillTheGapCorrectionReportTests {
    static func record(day: Double, corrected: Bool) -> TrainingRecord {
        TrainingRecord(FillTheGapRecord(timestamp: Date(timeIntervalSince1970: 1_795_000_000 + day * 86_400), tempo: TempoBPM(120)!,
                                        meanOffset: Milliseconds(4), meanOffsetByPosition: [nil, Milliseconds(4), nil, nil],
                                        hits: 16, gaps: 16, kernelStamped: true, latencyCorrected: corrected))
    }

    static func document(_ records: [TrainingRecord]) -> ProfileDocument {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return ProfileDocument(ReportContext(profile: profile, range: MIDINote(48)!...MIDINote(72)!))
    }

    @Test func theTextAndTheJSONCountTheCorrectedTrials() {
        let document = Self.document([Self.record(day: 0, corrected: false), Self.record(day: 1, corrected: true),
                                      Self.record(day: 2, corrected: true)])
        let lines = Localization.rendering(in: .english) { document.lines }
        #expect(lines.contains("  offsets corrected for your tap latency in 2 of 3 trials"), "\(lines)")
        #expect(document.json.contains(#""latencyCorrectedTrials" : 2"#), "\(document.json)")
    }

    @Test func uncorrectedOffsetsSaySoAndWhereTheCalibrationIs() {
        let lines = Localization.rendering(in: .english) { Self.document([Self.record(day: 0, corrected: false)]).lines }
        #expect(lines.contains { $0.contains("offsets as stamped") && $0.contains("tap calibration") }, "\(lines)")
    }
}

/// Plain mode's lines for the tap calibration: one when it starts, one with the result.
@MainActor @Suite struct TapCalibrationPlainTests {
    @Test func plainModeSaysWhenToTapAndWhatWasMeasured() async throws {
        let rig = TapCalibrationSessionTests.Rig()
        let mode = TapCalibrationModeSession(rig.session)
        let lines = { (previous: PlainProgress?) in Localization.rendering(in: .english) { mode.plainLines(after: previous) } }
        let idle = mode.plainProgress
        let pattern = try await rig.started()
        #expect(lines(idle) == ["tap calibration: count in four clicks, then tap along"])
        let playing = mode.plainProgress
        #expect(lines(playing).isEmpty, "nothing new while it plays")
        rig.tap(pattern, from: .pad, offset: 12)
        await rig.finish()
        #expect(lines(playing) == ["tap calibration: Test pad: your taps come 12.0 ms after the click you hear (spread 0.0 ms, "
                                   + "24 taps); fill the gap takes it off from now on"])
    }
}
