import Foundation
import Observation
import PeachCore
import PeachText

/// Fill the gap: a steady sixteenth-note grid, every click scheduled ahead on the queue (a whole trial at
/// once, the next one a cycle before it is due, so the grid never breaks); each four-step cycle has one silent
/// step, and the player taps into it. A tap within half a sixteenth of a gap is scored with its signed offset,
/// one outside every window is ignored, a gap without a tap is a miss; sixteen gaps make one trial. MIDI taps
/// carry the kernel's time on the queue clock; a computer-keyboard tap is stamped when read (less exact, and
/// the record says so). Each tap is moved back by its source's calibrated latency (`TimingLatencies`, the tap
/// calibration) before it is placed, so a late pad is not scored as a late player; a trial whose every hit was
/// corrected says so. `stop` removes every pending click and discards the unfinished trial.
@MainActor @Observable
public final class FillTheGapSession: InputTakingSession {
    public enum State: Hashable, Sendable {
        case idle
        case playing
    }

    public static let leadIn: Duration = .milliseconds(300)
    /// How long after the last gap's window closes, on the queue clock, the trial still waits before it is scored: a
    /// MIDI tap is stamped by the kernel when it arrives, but reaches the session when the main actor takes it, which
    /// a busy machine delays (in the emulated test VM by tens of ms). A tap stamped inside the window must count.
    public static let deliveryGrace: Duration = .milliseconds(100)

    public private(set) var state: State = .idle
    public private(set) var current: FillTheGapTrial?
    /// The running trial's taps so far, per gap.
    public private(set) var offsets: [Milliseconds?] = []
    public private(set) var lastCompleted: CompletedFillTheGap?
    public private(set) var completedCount = 0

    public var isTraining: Bool { state != .idle }
    public var statusMessage: String? { loop.statusMessage }
    public var trialNumber: Int? { isTraining ? completedCount + 1 : nil }

    @ObservationIgnored private let player: any RhythmPlayer
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private let loop: TrialLoop
    @ObservationIgnored private var random: AnyRandomNumberGenerator
    @ObservationIgnored private var next: FillTheGapTrial?
    @ObservationIgnored private var nextOffsets: [Milliseconds?] = []
    /// How the running (next) trial's hits were taken: from the keyboard, and uncorrected.
    @ObservationIgnored private var taken = TapsTaken()
    @ObservationIgnored private var nextTaken = TapsTaken()
    @ObservationIgnored private let latencies: TimingLatencies?
    /// The player sounds each MIDI tap where the sequencer reads it (`RhythmPlayer.echoMIDITaps`): the session plays
    /// the sound for keyboard and page taps only.
    @ObservationIgnored private var echoesMIDITaps = false

    public init(player: any RhythmPlayer, settings: any TrainingSettingsSource, clock: any TrainingClock,
                logger: any PeachLogger = SilentLogger(), interruptions: (any InterruptionSource)? = nil,
                observers: [any TrainingObserver] = [], random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
                latencies: TimingLatencies? = nil) {
        self.player = player
        self.latencies = latencies
        self.settingsSource = settings
        self.random = AnyRandomNumberGenerator(random)
        loop = TrialLoop(modeName: tr(.modeFillTheGap), clock: clock, logger: logger, interruptions: interruptions,
                         observers: observers)
        loop.stopSession = { [weak self] in self?.stop() }
    }

    public func start() {
        guard state == .idle else { return }
        completedCount = 0
        lastCompleted = nil
        state = .playing
        loop.begin()
        loop.runTrial { [weak self] token in try await self?.run(token) }
    }

    /// It takes taps while the pattern plays.
    public func accepts(_ input: Tap) -> Bool { state == .playing }

    public func handle(_ input: Tap) { tap(at: input.instant, from: input.source) }

    /// A tap: scored against the gap it falls in (if any), then confirmed with its sound (a MIDI tap's sound was
    /// played where it was read, when the player echoes). A MIDI tap carries the kernel's stamp and is scored at once,
    /// so quick taps count in the order they came; a keyboard tap is stamped with the queue's clock when read.
    public func tap(at instant: QueueInstant?, from source: TapSource) {
        guard state == .playing else { return }
        TapStamping.stamp(instant, player: player, loop: loop) { [weak self] time, fromKeyboard in
            self?.score(time, from: source, fromKeyboard: fromKeyboard)
        }
        if case .midi = source, echoesMIDITaps { return }
        let player = player
        Task { try? await player.playTapSound() }
    }

    @discardableResult
    public func stop() -> Task<Void, Never> {
        guard state != .idle else { return loop.settled }
        loop.halt()
        state = .idle
        echoesMIDITaps = false
        current = nil
        next = nil
        offsets = []
        loop.silence { [player] in try await player.cancelScheduled() }
        return loop.settled
    }

    /// Places the tap where it was meant: its stamp less its source's calibrated latency.
    private func score(_ instant: QueueInstant, from source: TapSource, fromKeyboard: Bool) {
        let correction = latencies?.correction(for: source)
        let meant = instant - (correction?.duration ?? .zero)
        if let trial = current, let hit = trial.gap(containing: meant) {
            guard offsets[hit.gap] == nil else { return }  // a second tap into one gap: ignored
            offsets[hit.gap] = hit.offset
            taken.note(fromKeyboard: fromKeyboard, corrected: correction != nil)
        } else if let trial = next, let hit = trial.gap(containing: meant), nextOffsets[hit.gap] == nil {
            nextOffsets[hit.gap] = hit.offset
            nextTaken.note(fromKeyboard: fromKeyboard, corrected: correction != nil)
        }
        // Outside every gap's window: ignored.
    }

    private func makeTrial(from start: QueueInstant, on wakeUps: QueueWakeUps) -> FillTheGapTrial {
        let settings = settingsSource.currentSettings
        return FillTheGapTrial.drawn(tempo: settings.tempo, start: start, on: wakeUps, enabled: settings.gapPositions,
                                     using: &random)
    }

    /// Trial after trial until stopped: the next trial is queued one cycle before the running one ends, and the
    /// running one is scored once its last gap's window has closed.
    private func run(_ token: Int) async throws {
        try await echoTaps(token)
        guard loop.isCurrent(token) else { return }
        let wakeUps = try await player.queueWakeUps()
        var trial = makeTrial(from: try await player.queueNow() + Self.leadIn, on: wakeUps)
        // Scored from the moment its clicks may sound.
        current = trial
        offsets = Array(repeating: nil, count: FillTheGapTrial.cycles)
        try await player.schedule(trial.clicks)
        while loop.isCurrent(token) {
            let following = makeTrial(from: trial.end, on: wakeUps)
            try await player.waitUntil(trial.end - trial.sixteenth * FillTheGapTrial.steps)
            guard loop.isCurrent(token) else { return }
            next = following
            nextOffsets = Array(repeating: nil, count: FillTheGapTrial.cycles)
            try await player.schedule(following.clicks)
            try await player.waitUntil(trial.gapTime(FillTheGapTrial.cycles - 1) + trial.sixteenth / 2 + lateTapGrace
                                       + Self.deliveryGrace)
            guard loop.isCurrent(token) else { return }
            finish(trial)
            guard loop.isCurrent(token) else { return }  // an observer (a due break) may have stopped training
            trial = following
            current = following
            offsets = nextOffsets
            taken = nextTaken
            nextTaken = TapsTaken()
            next = nil
        }
    }

    /// MIDI taps sounded where they are read from now on, before the first click is queued (so every tap that can be
    /// scored finds the session knowing who sounds it); an echo installed after a stop overtook it is removed again
    /// (unless another run began meanwhile: that one wants it too).
    private func echoTaps(_ token: Int) async throws {
        let echoing = try await player.echoMIDITaps(true)
        guard loop.isCurrent(token) else {
            if state == .idle { _ = try? await player.echoMIDITaps(false) }
            return
        }
        echoesMIDITaps = echoing
    }

    /// How much longer than its window a gap waits for a tap: the largest calibrated latency, so a late
    /// device's tap into the last gap still counts.
    private var lateTapGrace: Duration { latencies?.largestCorrection.duration ?? .zero }

    private func finish(_ trial: FillTheGapTrial) {
        let completed = CompletedFillTheGap(trial: trial, offsets: offsets, kernelStamped: !taken.keyboard,
                                            latencyCorrected: taken.allCorrected, timestamp: loop.clock.now())
        completedCount += 1
        lastCompleted = completed
        loop.notify(completed)
    }
}

/// How a trial's hits were taken: whether any came from the computer keyboard, and whether each had its
/// source's latency taken off.
struct TapsTaken {
    private(set) var keyboard = false
    private var hits = 0
    private var corrected = 0

    mutating func note(fromKeyboard: Bool, corrected wasCorrected: Bool) {
        if fromKeyboard { keyboard = true }
        hits += 1
        if wasCorrected { corrected += 1 }
    }

    /// True when there were hits and every one was corrected.
    var allCorrected: Bool { hits > 0 && corrected == hits }
}
