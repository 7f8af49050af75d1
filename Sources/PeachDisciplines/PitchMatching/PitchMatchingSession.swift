import Foundation
import Observation
import PeachCore
import PeachText

/// The pitch-matching loop (docs/training-design.md, Sessions): the reference note plays for the note duration, then the
/// tunable note sounds until the user commits; 0.4 s of feedback; next challenge. Tokens, tasks, silencing,
/// interruptions and observers are the shared `TrialLoop`.
///
/// A commit without any adjustment since the tunable note started is scored at the untouched starting
/// pitch, i.e. the initial offset is recorded as the error: never as perfect (the iOS app's bug), and the
/// user's key press is not silently refused.
@MainActor @Observable
public final class PitchMatchingSession: InputTakingSession {
    /// What a matching takes: tuning moves of the tunable note, and the commit that makes its pitch the answer.
    public enum Input: Hashable, Sendable {
        /// Move the tunable note by this many cents from where it is now.
        case adjust(Cents, via: ControllerMode)
        /// Put the tunable note this far from the target.
        case tune(centsFromTarget: Cents, via: ControllerMode)
        /// The tunable note already sounds this far from the target (a routed knob moved it): only noted.
        case sounded(centsFromTarget: Cents, via: ControllerMode)
        case commit
    }

    public private(set) var state: PitchMatchingSessionState = .idle
    /// The challenge being played (nil when idle). The UI must not show its target.
    public private(set) var currentChallenge: PitchMatchingChallenge?
    /// The last committed attempt of this run: its signed `userCentError` is the feedback.
    public private(set) var lastResult: CompletedPitchMatching?
    /// Commits in this run (reset by `start`).
    public private(set) var completedCount = 0
    /// Why training stopped by itself (player failure, interruption); nil after `start`.
    public var statusMessage: String? { loop.statusMessage }
    /// Where the tunable note is now (nil outside `playingTunable`), so controllers can tune relatively
    /// and commit without knowing the target.
    public private(set) var tunedFrequency: Frequency?
    /// Whether the user moved the tunable note since it started.
    public var hasAdjusted: Bool { tunedWith != nil }
    /// The input that last moved the tunable note in this challenge; recorded with the attempt.
    public private(set) var tunedWith: ControllerMode?

    /// Anything but idle: the training screen is up.
    public var isTraining: Bool { state != .idle }

    public var isAdjustable: Bool { state == .playingTunable }

    public var trialNumber: Int? { isTraining ? challengesBegun : nil }

    @ObservationIgnored private let notePlayer: any NotePlayer
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private var generator: PitchMatchingChallengeGenerator
    @ObservationIgnored private let loop: TrialLoop
    @ObservationIgnored private weak var tunableNoteObserver: (any TunableNoteObserver)?

    @ObservationIgnored private var challengesBegun = 0
    @ObservationIgnored private var handle: (any PlaybackHandle)?
    /// Harmonic interval matching: the reference, held while the user tunes (stopped with the tunable note).
    @ObservationIgnored private var referenceHandle: (any PlaybackHandle)?
    @ObservationIgnored private var adjustTask: Task<Void, Never>?
    /// The latest requested frequency not yet sent; fast knob turns are coalesced to the newest value.
    @ObservationIgnored private var pendingFrequency: Frequency?
    @ObservationIgnored private var challengeSettings = TrainingSettings.defaults

    public init(notePlayer: any NotePlayer, settings: any TrainingSettingsSource,
                clock: any TrainingClock = SystemTrainingClock(), logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any TrainingObserver] = [],
                tunableNoteObserver: (any TunableNoteObserver)? = nil,
                random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
                intervals: TrialIntervals = .unison) {
        self.notePlayer = notePlayer
        self.tunableNoteObserver = tunableNoteObserver
        self.settingsSource = settings
        self.generator = PitchMatchingChallengeGenerator(random: random, intervals: intervals)
        self.loop = TrialLoop(modeName: tr(.matchingTitle), clock: clock, logger: logger,
                              interruptions: interruptions, observers: observers)
        loop.stopSession = { [weak self] in self?.stop() }
    }

    public func addObserver(_ observer: any TrainingObserver) {
        loop.addObserver(observer)
    }

    /// Starts a new run from idle; ignored otherwise.
    public func start() {
        guard state == .idle else { return }
        completedCount = 0
        lastResult = nil
        loop.begin()
        beginChallenge(generator.nextChallenge(settings: settingsSource.currentSettings))
    }

    public func accepts(_ input: Input) -> Bool {
        switch input {
        case .adjust, .tune, .sounded, .commit: isAdjustable
        }
    }

    public func handle(_ input: Input) {
        switch input {
        case .adjust(let cents, let mode): adjust(byCents: cents, via: mode)
        case .tune(let cents, let mode): adjust(toCentsFromTarget: cents, via: mode)
        case .sounded(let cents, let mode): noteSounds(centsFromTarget: cents, via: mode)
        case .commit: commit()
        }
    }

    /// Moves the tunable note to `frequency`. Ignored outside `playingTunable`.
    public func adjustFrequency(_ frequency: Frequency, via mode: ControllerMode = .keyboard) {
        guard state == .playingTunable, handle != nil else { return }
        tunedFrequency = frequency
        tunedWith = mode
        pendingFrequency = frequency
        sendPendingAdjustments()
    }

    /// Moves the tunable note by `cents` from where it is now (keyboard fine/coarse keys, relative knobs).
    public func adjust(byCents cents: Cents, via mode: ControllerMode = .keyboard) {
        guard let tunedFrequency else { return }
        adjustFrequency(tunedFrequency.shifted(by: cents), via: mode)
    }

    /// Puts the tunable note `cents` away from where it started (absolute knobs: centre = starting pitch).
    public func adjust(toCentsFromStart cents: Cents, via mode: ControllerMode = .keyboard) {
        guard state == .playingTunable, let challenge = currentChallenge else { return }
        adjustFrequency(challenge.initialFrequency(challengeSettings.referencePitch).shifted(by: cents), via: mode)
    }

    /// Puts the tunable note `cents` away from the target (absolute knobs: their mapping is drawn anew for
    /// every challenge, so the knob's position never gives the target away).
    public func adjust(toCentsFromTarget cents: Cents, via mode: ControllerMode = .keyboard) {
        guard state == .playingTunable, let challenge = currentChallenge else { return }
        adjustFrequency(challenge.targetFrequency(challengeSettings.referencePitch).shifted(by: cents), via: mode)
    }

    /// The note was moved outside the session (a knob routed to it): record where it sounds, send nothing.
    /// A keyboard move still waiting to be sent is dropped: the knob's pitch is the newer one.
    public func noteSounds(centsFromTarget cents: Cents, via mode: ControllerMode) {
        guard state == .playingTunable, handle != nil, let challenge = currentChallenge else { return }
        pendingFrequency = nil
        tunedFrequency = challenge.targetFrequency(challengeSettings.referencePitch).shifted(by: cents)
        tunedWith = mode
    }

    /// Commits the current tuning.
    public func commit() {
        guard let tunedFrequency else { return }
        commitResult(userFrequency: tunedFrequency)
    }

    /// Scores `userFrequency`: the interval between the frequencies the synth presents for the reference and
    /// the user's note, less the in-tune interval (for a unison 1200·log2(user / target)); no rounding to
    /// notes. Untouched since the note started: the starting pitch is scored instead.
    public func commitResult(userFrequency: Frequency) {
        guard state == .playingTunable, let challenge = currentChallenge else { return }
        let reference = challengeSettings.referencePitch
        let judged = hasAdjusted ? userFrequency : challenge.initialFrequency(reference)
        // The tunable note as it sounds on the key it is held on (the player knows; else its own placement).
        let presented = handle?.presentedFrequency(for: judged) ?? notePlayer.presentedFrequency(for: judged)
        let referenceFrequency = challenge.referenceFrequency(reference)
        let error = Cents.between(notePlayer.presentedFrequency(for: referenceFrequency), and: presented)
            - challenge.tuned(reference).size
        let unmeasuredKey = notePlayer.soundsOnUnmeasuredKey(referenceFrequency)
            || (handle?.soundsOnUnmeasuredKey(judged) ?? notePlayer.soundsOnUnmeasuredKey(judged))
        let commitToken = loop.advance()
        let sounding = takeHandles()
        loop.silence { try await Self.stopEach(sounding) }

        let completed = CompletedPitchMatching(challenge: challenge, userCentError: error,
                                               timestamp: loop.clock.now(), referencePitch: reference,
                                               controllerMode: tunedWith, soundedOnUnmeasuredKey: unmeasuredKey)
        completedCount += 1
        lastResult = completed
        tunedFrequency = nil
        loop.notify(completed)
        guard loop.isCurrent(commitToken) else { return }

        state = .showingFeedback
        let next = generator.nextChallenge(settings: settingsSource.currentSettings)
        loop.feedback(token: commitToken) { [weak self] in self?.beginChallenge(next) }
    }

    /// From playingReference `stopAll()`; from playingTunable the handle is captured and nilled
    /// synchronously, then stopped; from showingFeedback the feedback is cancelled and does not advance;
    /// from idle nothing. Clears the challenge, never notifies observers, idempotent, restartable.
    /// The returned task finishes once the silencing call has returned.
    @discardableResult
    public func stop() -> Task<Void, Never> {
        let stoppedState = state
        guard stoppedState != .idle else { return loop.settled }
        loop.halt()
        let sounding = takeHandles()
        currentChallenge = nil
        tunedFrequency = nil
        state = .idle
        switch stoppedState {
        case .playingReference: loop.silence { [notePlayer] in try await notePlayer.stopAll() }
        case .playingTunable: loop.silence { try await Self.stopEach(sounding) }
        case .showingFeedback, .idle: break
        }
        return loop.settled
    }

    // MARK: - The loop

    /// Captures and forgets the handles (tunable, and a held reference) in one synchronous step, so nothing
    /// can adjust them after this.
    private func takeHandles() -> [any PlaybackHandle] {
        let captured = [handle, referenceHandle].compactMap { $0 }
        handle = nil
        referenceHandle = nil
        pendingFrequency = nil
        adjustTask?.cancel()
        adjustTask = nil
        return captured
    }

    /// Stops every handle even when one fails; reports the first failure.
    private nonisolated static func stopEach(_ handles: [any PlaybackHandle]) async throws {
        var firstError: (any Error)?
        for handle in handles {
            do { try await handle.stop() } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }

    private func beginChallenge(_ challenge: PitchMatchingChallenge) {
        let settings = settingsSource.currentSettings
        challengeSettings = settings
        challengesBegun += 1
        currentChallenge = challenge
        tunedWith = nil
        tunedFrequency = nil
        state = .playingReference
        loop.runTrial { [weak self] token in
            try await self?.play(challenge, settings: settings, token: token)
        }
    }

    private func play(_ challenge: PitchMatchingChallenge, settings: TrainingSettings, token: Int) async throws {
        let reference = settings.referencePitch
        switch challenge.presentation {
        case .melodic:
            try await notePlayer.play(frequency: challenge.referenceFrequency(reference), duration: settings.noteDuration,
                                      velocity: settings.velocity, amplitudeDB: .unchanged)
        case .harmonic:
            // The reference keeps sounding while the user tunes, so beats guide the ear.
            let held = try await notePlayer.play(frequency: challenge.referenceFrequency(reference),
                                                 velocity: settings.velocity, amplitudeDB: .unchanged)
            guard loop.isCurrent(token) else {
                loop.silence { try await held.stop() }
                return
            }
            referenceHandle = held
            // Timed by the player's clock (the sequencer queue), as a melodic reference's end is.
            try await notePlayer.rest(for: settings.noteDuration)
        }
        guard loop.isCurrent(token) else { return }
        let initial = challenge.initialFrequency(reference)
        let started = try await notePlayer.play(frequency: initial, velocity: settings.velocity, amplitudeDB: .unchanged)
        guard loop.isCurrent(token) else {
            // Stopped while the note was starting: nobody else holds this handle.
            loop.silence { try await started.stop() }
            return
        }
        handle = started
        tunedFrequency = initial
        state = .playingTunable
        tunableNoteObserver?.tunableNoteStarted(started, target: challenge.targetFrequency(reference),
                                                trialNumber: challengesBegun)
    }

    private func sendPendingAdjustments() {
        guard adjustTask == nil else { return }
        let adjustToken = loop.token
        adjustTask = Task {
            while loop.isCurrent(adjustToken), let frequency = pendingFrequency, let handle {
                pendingFrequency = nil
                do {
                    try await handle.adjustFrequency(frequency)
                } catch {
                    if loop.isCurrent(adjustToken) { loop.fail(error) }
                    return
                }
            }
            if loop.isCurrent(adjustToken) { adjustTask = nil }
        }
    }
}
