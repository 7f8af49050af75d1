import Foundation
import Observation
import PeachCore
import PeachText

/// The tap calibration: a steady click (a quarter note at the configured tempo), four clicks to count in, then
/// twenty-four to tap along with, every one scheduled ahead on the queue. Each tap is matched to the nearest
/// click within half a beat; per tap source (each MIDI device, the computer keyboard) the median of its
/// offsets, less the synth's measured latency, is its latency, stored (`TimingLatencies`) once it tapped at
/// least `TapCalibrationResult.minimumTaps` clicks. Fill the gap then takes that latency off every tap from the
/// source. The result shows until the user goes back; `stop` before it discards the run (nothing stored).
@MainActor @Observable
public final class TapCalibrationSession: InputTakingSession {
    public enum State: Hashable, Sendable {
        case idle
        case playing
        case finished
    }

    public static let leadIn: Duration = .milliseconds(300)

    public private(set) var state: State = .idle
    public private(set) var pattern: TapCalibrationPattern?
    public private(set) var result: TapCalibrationResult?
    /// The clicks tapped along with so far (any source).
    public var tapCount: Int { taps.values.reduce(0) { $0 + $1.count } }

    public var isTraining: Bool { state != .idle }
    public var statusMessage: String? { loop.statusMessage }
    public var trialNumber: Int? { isTraining ? 1 : nil }

    @ObservationIgnored private let player: any RhythmPlayer
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private let latencies: TimingLatencies
    @ObservationIgnored private let loop: TrialLoop
    /// Each source's offsets, by the click it tapped along with (one tap per click).
    private var taps: [TapSource: [Int: Milliseconds]] = [:]

    public init(player: any RhythmPlayer, settings: any TrainingSettingsSource, latencies: TimingLatencies,
                clock: any TrainingClock, logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil) {
        self.player = player
        self.settingsSource = settings
        self.latencies = latencies
        loop = TrialLoop(modeName: tr(.modeTapCalibration), clock: clock, logger: logger, interruptions: interruptions,
                         observers: [])
        loop.stopSession = { [weak self] in self?.stop() }
    }

    public func start() {
        guard state == .idle else { return }
        taps = [:]
        result = nil
        state = .playing
        loop.begin()
        loop.runTrial { [weak self] token in try await self?.run(token) }
    }

    /// It takes taps while the pattern plays.
    public func accepts(_ input: Tap) -> Bool { state == .playing }

    public func handle(_ input: Tap) { tap(at: input.instant, from: input.source) }

    /// A tap: MIDI taps carry the kernel's stamp; a keyboard tap is stamped with the queue clock when read.
    /// No tap sound: it would be a second click to tap along with.
    public func tap(at instant: QueueInstant?, from source: TapSource) {
        guard state == .playing else { return }
        TapStamping.stamp(instant, player: player, loop: loop) { [weak self] time, _ in self?.note(time, from: source) }
    }

    @discardableResult
    public func stop() -> Task<Void, Never> {
        guard state != .idle else { return loop.settled }
        loop.halt()
        state = .idle
        pattern = nil
        taps = [:]
        loop.silence { [player] in try await player.cancelScheduled() }
        return loop.settled
    }

    private func note(_ instant: QueueInstant, from source: TapSource) {
        guard let pattern, let hit = pattern.click(nearest: instant), taps[source]?[hit.click] == nil else { return }
        taps[source, default: [:]][hit.click] = hit.offset
    }

    private func run(_ token: Int) async throws {
        let wakeUps = try await player.queueWakeUps()
        let pattern = TapCalibrationPattern(tempo: settingsSource.currentSettings.tempo,
                                            start: try await player.queueNow() + Self.leadIn, on: wakeUps)
        self.pattern = pattern
        try await player.schedule(pattern.clicks)
        try await player.waitUntil(pattern.end)
        guard loop.isCurrent(token) else { return }
        result = TapCalibrationResult(outcomes: taps.keys.sorted { $0.storageKey < $1.storageKey }.map(outcome))
        state = .finished
    }

    /// A source's taps, made its calibration (stored at once) or found too few.
    private func outcome(for source: TapSource) -> TapCalibrationResult.Outcome {
        let offsets = Array(taps[source, default: [:]].values)
        guard offsets.count >= TapCalibrationResult.minimumTaps, let measured = MeasuredLatency(measurements: offsets)
        else { return .tooFewTaps(source, taps: offsets.count) }
        if let beat = pattern?.beat, measured.spread > TapCalibrationResult.spreadLimit(beat: beat) {
            return .tooUneven(source, spread: measured.spread)
        }
        let synth = latencies.synth?.median
        let latency = MeasuredLatency(median: measured.median - (synth ?? .zero), spread: measured.spread, count: measured.count)
        let calibration = TapCalibration(source: source, latency: latency, synthLatency: synth, date: loop.clock.now())
        do {
            try latencies.record(calibration)
            return .calibrated(calibration, saveError: nil)
        } catch {
            return .calibrated(calibration, saveError: "\(error)")
        }
    }
}
