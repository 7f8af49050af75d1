import Foundation
import Observation

/// The pitch-matching loop (seeds 15.1 and 15.2): the reference note plays for the note duration, then the
/// tunable note sounds until the user commits; 0.4 s of feedback; next challenge.
///
/// A commit without any adjustment since the tunable note started is scored at the untouched starting
/// pitch, i.e. the initial offset is recorded as the error: never as perfect (the iOS app's bug), and the
/// user's key press is not silently refused.
@MainActor @Observable
public final class PitchMatchingSession {
    public private(set) var state: PitchMatchingSessionState = .idle
    /// The challenge being played (nil when idle). The UI must not show its target.
    public private(set) var currentChallenge: PitchMatchingChallenge?
    /// The last committed attempt of this run: its signed `userCentError` is the feedback.
    public private(set) var lastResult: CompletedPitchMatching?
    /// Commits in this run (reset by `start`).
    public private(set) var completedCount = 0
    /// Why training stopped by itself (player failure, interruption); nil after `start`.
    public private(set) var statusMessage: String?
    /// Where the tunable note is now (nil outside `playingTunable`), so controllers can tune relatively
    /// and commit without knowing the target.
    public private(set) var tunedFrequency: Frequency?
    /// Whether the user moved the tunable note since it started.
    public private(set) var hasAdjusted = false

    /// Anything but idle: the training screen is up.
    public var isTraining: Bool { state != .idle }

    public var isAdjustable: Bool { state == .playingTunable }

    @ObservationIgnored private let notePlayer: any NotePlayer
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private let clock: any TrainingClock
    @ObservationIgnored private let logger: any PeachLogger
    @ObservationIgnored private let interruptionSource: (any InterruptionSource)?
    @ObservationIgnored private var generator: PitchMatchingChallengeGenerator
    @ObservationIgnored private var observers: [any PitchMatchingObserver]
    @ObservationIgnored private let interruptions = InterruptionMonitor()

    @ObservationIgnored private var token = 0
    @ObservationIgnored private var handle: (any PlaybackHandle)?
    @ObservationIgnored private var trialTask: Task<Void, Never>?
    @ObservationIgnored private var feedbackTask: Task<Void, Never>?
    @ObservationIgnored private var adjustTask: Task<Void, Never>?
    /// The latest requested frequency not yet sent; fast knob turns are coalesced to the newest value.
    @ObservationIgnored private var pendingFrequency: Frequency?
    @ObservationIgnored private var pendingCleanup: Task<Void, Never>?
    @ObservationIgnored private var challengeSettings = TrainingSettings.defaults

    public init(notePlayer: any NotePlayer, settings: any TrainingSettingsSource,
                clock: any TrainingClock = SystemTrainingClock(), logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any PitchMatchingObserver] = [],
                random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.notePlayer = notePlayer
        self.settingsSource = settings
        self.clock = clock
        self.logger = logger
        self.interruptionSource = interruptions
        self.observers = observers
        self.generator = PitchMatchingChallengeGenerator(random: random)
    }

    public func addObserver(_ observer: any PitchMatchingObserver) {
        observers.append(observer)
    }

    /// Starts a new run from idle; ignored otherwise.
    public func start() {
        guard state == .idle else { return }
        statusMessage = nil
        completedCount = 0
        lastResult = nil
        interruptions.start(interruptionSource, logger: logger) { [weak self] event in
            self?.stop()
            self?.statusMessage = event.stopMessage
        }
        beginChallenge(generator.nextChallenge(settings: settingsSource.currentSettings))
    }

    /// Moves the tunable note to `frequency`. Ignored outside `playingTunable`.
    public func adjustFrequency(_ frequency: Frequency) {
        guard state == .playingTunable, handle != nil else { return }
        tunedFrequency = frequency
        hasAdjusted = true
        pendingFrequency = frequency
        sendPendingAdjustments()
    }

    /// Moves the tunable note by `cents` from where it is now (keyboard fine/coarse keys, relative knobs).
    public func adjust(byCents cents: Cents) {
        guard let tunedFrequency else { return }
        adjustFrequency(tunedFrequency.shifted(by: cents))
    }

    /// Puts the tunable note `cents` away from where it started (absolute knobs: centre = starting pitch).
    public func adjust(toCentsFromStart cents: Cents) {
        guard state == .playingTunable, let challenge = currentChallenge else { return }
        adjustFrequency(challenge.initialFrequency(challengeSettings.referencePitch).shifted(by: cents))
    }

    /// Puts the tunable note `cents` away from the target (absolute knobs: their mapping is drawn anew for
    /// every challenge, so the knob's position never gives the target away).
    public func adjust(toCentsFromTarget cents: Cents) {
        guard state == .playingTunable, let challenge = currentChallenge else { return }
        adjustFrequency(challenge.targetFrequency(challengeSettings.referencePitch).shifted(by: cents))
    }

    /// Commits the current tuning.
    public func commit() {
        guard let tunedFrequency else { return }
        commitResult(userFrequency: tunedFrequency)
    }

    /// Scores `userFrequency` against the target: 1200·log2(user / target) between the frequencies the synth
    /// presents, no rounding to notes. Untouched since the note started: the starting pitch is scored instead.
    public func commitResult(userFrequency: Frequency) {
        guard state == .playingTunable, let challenge = currentChallenge else { return }
        let reference = challengeSettings.referencePitch
        let judged = hasAdjusted ? userFrequency : challenge.initialFrequency(reference)
        let error = Cents.between(notePlayer.presentedFrequency(for: challenge.targetFrequency(reference)),
                                  and: notePlayer.presentedFrequency(for: judged))
        let commitToken = advanceToken()
        let sounding = takeHandle()
        silence { try await sounding?.stop() }

        let completed = CompletedPitchMatching(challenge: challenge, userCentError: error,
                                               timestamp: clock.now(), referencePitch: reference)
        completedCount += 1
        lastResult = completed
        tunedFrequency = nil
        notifyObservers(completed)
        guard commitToken == token else { return }

        state = .showingFeedback
        let next = generator.nextChallenge(settings: settingsSource.currentSettings)
        let cleanup = pendingCleanup
        feedbackTask = Task { await self.showFeedback(then: next, token: commitToken, after: cleanup) }
    }

    /// Seed 15.2: from playingReference `stopAll()`; from playingTunable the handle is captured and nilled
    /// synchronously, then stopped; from showingFeedback the feedback is cancelled and does not advance;
    /// from idle nothing. Clears the challenge, never notifies observers, idempotent, restartable.
    /// The returned task finishes once the silencing call has returned.
    @discardableResult
    public func stop() -> Task<Void, Never> {
        let stoppedState = state
        guard stoppedState != .idle else { return pendingCleanup ?? Task {} }
        advanceToken()
        let sounding = takeHandle()
        trialTask?.cancel()
        feedbackTask?.cancel()
        trialTask = nil
        feedbackTask = nil
        interruptions.cancel()
        currentChallenge = nil
        tunedFrequency = nil
        state = .idle
        switch stoppedState {
        case .playingReference: silence { [notePlayer] in try await notePlayer.stopAll() }
        case .playingTunable: silence { try await sounding?.stop() }
        case .showingFeedback, .idle: break
        }
        return pendingCleanup ?? Task {}
    }

    // MARK: - The loop

    @discardableResult
    private func advanceToken() -> Int {
        token &+= 1
        return token
    }

    /// Captures and forgets the handle in one synchronous step, so nothing can adjust it after this.
    private func takeHandle() -> (any PlaybackHandle)? {
        let captured = handle
        handle = nil
        pendingFrequency = nil
        adjustTask?.cancel()
        adjustTask = nil
        return captured
    }

    /// Runs a silencing call after the previous one; failures are logged (training is already over or moving on).
    private func silence(_ operation: @escaping @Sendable () async throws -> Void) {
        let previous = pendingCleanup
        pendingCleanup = Task { [logger] in
            await previous?.value
            do {
                try await operation()
            } catch {
                logger.log(.warning, "Silencing the pitch-matching note failed: \(error)")
            }
        }
    }

    private func beginChallenge(_ challenge: PitchMatchingChallenge) {
        let challengeToken = advanceToken()
        let settings = settingsSource.currentSettings
        challengeSettings = settings
        currentChallenge = challenge
        hasAdjusted = false
        tunedFrequency = nil
        state = .playingReference
        let cleanup = pendingCleanup
        trialTask = Task { await self.play(challenge, settings: settings, token: challengeToken, after: cleanup) }
    }

    private func play(_ challenge: PitchMatchingChallenge, settings: TrainingSettings, token challengeToken: Int,
                      after cleanup: Task<Void, Never>?) async {
        await cleanup?.value
        let reference = settings.referencePitch
        do {
            guard challengeToken == token else { return }
            try await notePlayer.play(frequency: challenge.referenceFrequency(reference), duration: settings.noteDuration,
                                      velocity: settings.velocity, amplitudeDB: .unchanged)
            guard challengeToken == token else { return }
            let initial = challenge.initialFrequency(reference)
            let started = try await notePlayer.play(frequency: initial, velocity: settings.velocity,
                                                    amplitudeDB: .unchanged)
            guard challengeToken == token else {
                // Stopped while the note was starting: nobody else holds this handle.
                silence { try await started.stop() }
                return
            }
            handle = started
            tunedFrequency = initial
            state = .playingTunable
        } catch {
            guard challengeToken == token else { return }
            fail(error)
        }
    }

    private func sendPendingAdjustments() {
        guard adjustTask == nil else { return }
        let adjustToken = token
        adjustTask = Task {
            while adjustToken == token, let frequency = pendingFrequency, let handle {
                pendingFrequency = nil
                do {
                    try await handle.adjustFrequency(frequency)
                } catch {
                    if adjustToken == token { fail(error) }
                    return
                }
            }
            if adjustToken == token { adjustTask = nil }
        }
    }

    private func showFeedback(then next: PitchMatchingChallenge, token feedbackToken: Int,
                              after cleanup: Task<Void, Never>?) async {
        await cleanup?.value
        do {
            try await clock.sleep(for: TrainingSettings.feedbackDuration)
        } catch {
            guard feedbackToken == token else { return }
            fail(error)
            return
        }
        guard feedbackToken == token else { return }
        beginChallenge(next)
    }

    private func fail(_ error: any Error) {
        logger.log(.error, "Pitch matching stopped: the note player failed: \(error)")
        stop()
        statusMessage = "Training stopped: the synth did not respond (\(error))."
    }

    private func notifyObservers(_ completed: CompletedPitchMatching) {
        for observer in observers {
            do {
                try observer.pitchMatchingCompleted(completed)
            } catch {
                logger.log(.error, "A pitch-matching observer failed, training continues: \(error)")
            }
        }
    }
}
