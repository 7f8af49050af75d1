import Foundation
import Observation

/// The pitch-discrimination loop (the seeds' ComparisonSession). Two notes, "higher or lower?",
/// 0.4 s of feedback, next comparison. Everything that waits goes through the injected clock and player.
///
/// Every asynchronous step carries the token of the trial it belongs to; `answer`, `stop` and failures
/// advance the token, so a step resuming after them changes nothing even if the player ignores cancellation.
@MainActor @Observable
public final class ComparisonSession {
    public private(set) var state: ComparisonSessionState = .idle
    /// The comparison being played or just answered (nil when idle). The UI must not reveal its direction.
    public private(set) var currentComparison: Comparison?
    /// The last answered comparison of this run, for the ✓/✗ and cent difference of the feedback.
    public private(set) var lastCompleted: CompletedComparison?
    /// Answers in this run (reset by `start`).
    public private(set) var answeredCount = 0
    public private(set) var correctCount = 0
    /// Why training stopped by itself (player failure, interruption); nil after `start`.
    public private(set) var statusMessage: String?

    /// Anything but idle: the training screen is up.
    public var isTraining: Bool { state != .idle }

    /// Answers are accepted from the moment note 2 starts until one is given.
    public var isAnswerEnabled: Bool { state == .playingNote2 || state == .awaitingAnswer }

    public var playingNote: ComparisonNote? {
        switch state {
        case .playingNote1: .note1
        case .playingNote2: .note2
        case .idle, .awaitingAnswer, .showingFeedback: nil
        }
    }

    /// Fraction of correct answers in this run; nil before the first answer.
    public var accuracy: Double? {
        answeredCount > 0 ? Double(correctCount) / Double(answeredCount) : nil
    }

    @ObservationIgnored private let notePlayer: any NotePlayer
    @ObservationIgnored private let profile: PerceptualProfile
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private let clock: any TrainingClock
    @ObservationIgnored private let logger: any PeachLogger
    @ObservationIgnored private let interruptionSource: (any InterruptionSource)?
    @ObservationIgnored private var strategy: any ComparisonStrategy
    @ObservationIgnored private var random: AnyRandomNumberGenerator
    @ObservationIgnored private var observers: [any ComparisonObserver]
    @ObservationIgnored private let interruptions = InterruptionMonitor()

    @ObservationIgnored private var token = 0
    @ObservationIgnored private var trialTask: Task<Void, Never>?
    @ObservationIgnored private var feedbackTask: Task<Void, Never>?
    /// The silencing started by the last `stop`; the next trial waits for it so it cannot cut the new note.
    @ObservationIgnored private var pendingCleanup: Task<Void, Never>?
    /// Settings the current comparison is played with (read live when it starts).
    @ObservationIgnored private var trialSettings = TrainingSettings.defaults
    @ObservationIgnored private var note2Amplitude = AmplitudeDB.unchanged

    /// The profile feeds the strategy; it is not registered as an observer here (add it with the others)
    /// so the composition root decides who records what, once.
    public init(notePlayer: any NotePlayer, profile: PerceptualProfile, settings: any TrainingSettingsSource,
                strategy: any ComparisonStrategy = AdaptiveNoteStrategy(),
                clock: any TrainingClock = SystemTrainingClock(), logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any ComparisonObserver] = [],
                random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.notePlayer = notePlayer
        self.profile = profile
        self.settingsSource = settings
        self.strategy = strategy
        self.clock = clock
        self.logger = logger
        self.interruptionSource = interruptions
        self.observers = observers
        self.random = AnyRandomNumberGenerator(random)
    }

    public func addObserver(_ observer: any ComparisonObserver) {
        observers.append(observer)
    }

    /// Starts a new run from idle; ignored otherwise. The adaptive chain starts over from the profile.
    public func start() {
        guard state == .idle else { return }
        statusMessage = nil
        answeredCount = 0
        correctCount = 0
        lastCompleted = nil
        interruptions.start(interruptionSource, logger: logger) { [weak self] event in
            self?.stop()
            self?.statusMessage = event.stopMessage
        }
        beginTrial(strategy.nextComparison(profile: profile, settings: settingsSource.currentSettings, last: nil))
    }

    /// Answers the current comparison. During note 2 the note is cut at once and `awaitingAnswer` is skipped.
    public func answer(higher: Bool) {
        guard isAnswerEnabled, let comparison = currentComparison else { return }
        let noteStillSounding = state == .playingNote2
        let answerToken = advanceToken()
        trialTask?.cancel()
        trialTask = nil

        let completed = CompletedComparison(
            comparison: comparison, answeredHigher: higher, timestamp: clock.now(),
            presentedCentOffset: presentedCentOffset(of: comparison, reference: trialSettings.referencePitch),
            referencePitch: trialSettings.referencePitch, velocity: trialSettings.velocity)
        answeredCount += 1
        if completed.isCorrect { correctCount += 1 }
        lastCompleted = completed
        notifyObservers(completed)
        // An observer may have stopped training (e.g. a break became due).
        guard answerToken == token else { return }

        state = .showingFeedback
        let next = strategy.nextComparison(profile: profile, settings: settingsSource.currentSettings, last: completed)
        feedbackTask = Task { await self.showFeedback(then: next, silenceFirst: noteStillSounding, token: answerToken) }
    }

    /// Stops from any state: cancels the loop and feedback, silences the player, discards the unanswered
    /// comparison (no observer call), goes idle. Idempotent; `start` works again afterwards.
    /// The returned task finishes once the player's `stopAll()` has returned (await it before quitting).
    @discardableResult
    public func stop() -> Task<Void, Never> {
        guard state != .idle else { return pendingCleanup ?? Task {} }
        advanceToken()
        trialTask?.cancel()
        feedbackTask?.cancel()
        trialTask = nil
        feedbackTask = nil
        interruptions.cancel()
        currentComparison = nil
        state = .idle
        let previous = pendingCleanup
        let cleanup = Task { [notePlayer, logger] in
            await previous?.value
            do {
                try await notePlayer.stopAll()
            } catch {
                logger.log(.warning, "Stopping the note player failed: \(error)")
            }
        }
        pendingCleanup = cleanup
        return cleanup
    }

    // MARK: - The loop

    @discardableResult
    private func advanceToken() -> Int {
        token &+= 1
        return token
    }

    private func beginTrial(_ comparison: Comparison) {
        let trialToken = advanceToken()
        let settings = settingsSource.currentSettings
        trialSettings = settings
        note2Amplitude = randomAmplitude(within: settings.amplitudeVariationDB)
        currentComparison = comparison
        state = .playingNote1
        let cleanup = pendingCleanup
        trialTask = Task { await self.playNotes(of: comparison, settings: settings, token: trialToken, after: cleanup) }
    }

    private func playNotes(of comparison: Comparison, settings: TrainingSettings, token trialToken: Int,
                           after cleanup: Task<Void, Never>?) async {
        await cleanup?.value
        let reference = settings.referencePitch
        do {
            guard trialToken == token else { return }
            try await notePlayer.play(frequency: comparison.referenceFrequency(reference), duration: settings.noteDuration,
                                      velocity: settings.velocity, amplitudeDB: .unchanged)
            guard trialToken == token else { return }
            state = .playingNote2
            try await notePlayer.play(frequency: comparison.targetFrequency(reference), duration: settings.noteDuration,
                                      velocity: settings.velocity, amplitudeDB: note2Amplitude)
            guard trialToken == token else { return }
            state = .awaitingAnswer
        } catch {
            // Cancelled by an answer or stop: nothing to do. Otherwise the player failed.
            guard trialToken == token else { return }
            fail(error)
        }
    }

    private func showFeedback(then next: Comparison, silenceFirst: Bool, token feedbackToken: Int) async {
        do {
            if silenceFirst { try await notePlayer.stopAll() }
            try await clock.sleep(for: TrainingSettings.feedbackDuration)
        } catch {
            guard feedbackToken == token else { return }
            fail(error)
            return
        }
        guard feedbackToken == token else { return }
        beginTrial(next)
    }

    private func fail(_ error: any Error) {
        logger.log(.error, "Comparison training stopped: the note player failed: \(error)")
        stop()
        statusMessage = "Training stopped: the synth did not respond (\(error))."
    }

    private func notifyObservers(_ completed: CompletedComparison) {
        for observer in observers {
            do {
                try observer.comparisonCompleted(completed)
            } catch {
                logger.log(.error, "A comparison observer failed, training continues: \(error)")
            }
        }
    }

    /// The offset the listener really heard: between the frequencies the synth can present.
    private func presentedCentOffset(of comparison: Comparison, reference: ReferencePitch) -> Cents {
        Cents.between(notePlayer.presentedFrequency(for: comparison.referenceFrequency(reference)),
                      and: notePlayer.presentedFrequency(for: comparison.targetFrequency(reference)))
    }

    private func randomAmplitude(within variationDB: Double) -> AmplitudeDB {
        let spread = abs(variationDB)
        guard spread > 0 else { return .unchanged }
        return AmplitudeDB(Double.random(in: -spread...spread, using: &random))
    }
}
