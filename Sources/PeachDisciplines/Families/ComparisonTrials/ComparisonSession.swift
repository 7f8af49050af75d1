import Foundation
import Observation
import PeachCore
import PeachText

/// The pitch-discrimination loop (docs/training-design.md, Sessions). Two notes, "higher or lower?",
/// 0.4 s of feedback, next comparison. Everything that waits goes through the injected clock and player;
/// tokens, tasks, silencing, interruptions and observers are the shared `TrialLoop`.
@MainActor @Observable
public final class ComparisonSession: InputTakingSession {
    /// What a comparison takes: the up answer (note 2 higher, or the interval wider) or the down answer.
    public enum Input: Hashable, Sendable {
        case answer(up: Bool)
    }

    public private(set) var state: ComparisonSessionState = .idle
    /// The comparison being played or just answered (nil when idle). The UI must not reveal its direction.
    public private(set) var currentComparison: Comparison?
    /// Answers in this run (reset by `start`); its last one gives the ✓/✗ and cent difference of the feedback.
    public private(set) var tally = AnswerTally<CompletedComparison>()
    /// Why training stopped by itself (player failure, interruption); nil after `start`.
    public var statusMessage: String? { loop.statusMessage }

    /// Anything but idle: the training screen is up.
    public var isTraining: Bool { state != .idle }

    public var trialNumber: Int? { isTraining ? trialsBegun : nil }

    /// Answers are accepted from the moment note 2 starts until one is given.
    public var isAnswerEnabled: Bool { state == .playingNote2 || state == .awaitingAnswer }

    public var playingNote: ComparisonNote? {
        switch state {
        case .playingNote1: .note1
        case .playingNote2: .note2
        case .idle, .awaitingAnswer, .showingFeedback: nil
        }
    }

    @ObservationIgnored private let notePlayer: any NotePlayer
    @ObservationIgnored private let profile: PerceptualProfile
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private var strategy: any ComparisonStrategy
    @ObservationIgnored private var random: AnyRandomNumberGenerator
    @ObservationIgnored private let loop: TrialLoop

    /// Settings the current comparison is played with (read live when it starts).
    @ObservationIgnored private var trialSettings = TrainingSettings.defaults
    @ObservationIgnored private var trialsBegun = 0

    /// The profile feeds the strategy; it is not registered as an observer here (add it with the others)
    /// so the composition root decides who records what, once.
    public init(notePlayer: any NotePlayer, profile: PerceptualProfile, settings: any TrainingSettingsSource,
                strategy: any ComparisonStrategy,
                clock: any TrainingClock = SystemTrainingClock(), logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any TrainingObserver] = [],
                random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.notePlayer = notePlayer
        self.profile = profile
        self.settingsSource = settings
        self.strategy = strategy
        self.random = AnyRandomNumberGenerator(random)
        self.loop = TrialLoop(modeName: tr(.comparisonTitle), clock: clock, logger: logger,
                              interruptions: interruptions, observers: observers)
        loop.stopSession = { [weak self] in self?.stop() }
    }

    public func addObserver(_ observer: any TrainingObserver) {
        loop.addObserver(observer)
    }

    /// Starts a new run from idle; ignored otherwise. The adaptive chain starts over from the profile.
    public func start() {
        guard state == .idle else { return }
        tally = AnswerTally()
        loop.begin()
        beginTrial(strategy.nextComparison(profile: profile, settings: settingsSource.currentSettings, last: nil))
    }

    public func accepts(_ input: Input) -> Bool {
        switch input {
        case .answer: isAnswerEnabled
        }
    }

    public func handle(_ input: Input) {
        switch input {
        case .answer(let up):
            // ↑ means "wider" for intervals: for a downward interval that is note 2 lower.
            guard let comparison = currentComparison else { return }
            answer(higher: comparison.secondNoteHigher(answeredUp: up))
        }
    }

    /// Answers the current comparison. During note 2 the note is cut at once and `awaitingAnswer` is skipped.
    public func answer(higher: Bool) {
        guard isAnswerEnabled, let comparison = currentComparison else { return }
        let noteStillSounding = state == .playingNote2
        let answerToken = loop.advance()
        loop.cancelTrial()

        let completed = CompletedComparison(
            comparison: comparison, answeredHigher: higher, timestamp: loop.clock.now(),
            presentedCentOffset: presentedCentOffset(of: comparison, reference: trialSettings.referencePitch),
            referencePitch: trialSettings.referencePitch, velocity: trialSettings.velocity,
            soundedOnUnmeasuredKey: soundsOnUnmeasuredKey(comparison, reference: trialSettings.referencePitch))
        tally.record(completed, correct: completed.isCorrect)
        loop.notify(completed)
        // An observer may have stopped training (e.g. a break became due).
        guard loop.isCurrent(answerToken) else { return }

        state = .showingFeedback
        let next = strategy.nextComparison(profile: profile, settings: settingsSource.currentSettings, last: completed)
        let notePlayer = notePlayer
        loop.feedback(token: answerToken, prepare: { if noteStillSounding { try await notePlayer.stopAll() } }) {
            [weak self] in self?.beginTrial(next)
        }
    }

    /// Stops from any state: cancels the loop and feedback, silences the player, discards the unanswered
    /// comparison (no observer call), goes idle. Idempotent; `start` works again afterwards.
    /// The returned task finishes once the player's `stopAll()` has returned (await it before quitting).
    @discardableResult
    public func stop() -> Task<Void, Never> {
        guard state != .idle else { return loop.settled }
        loop.halt()
        currentComparison = nil
        state = .idle
        loop.silence { [notePlayer] in try await notePlayer.stopAll() }
        return loop.settled
    }

    // MARK: - The loop

    private func beginTrial(_ comparison: Comparison) {
        let settings = settingsSource.currentSettings
        trialSettings = settings
        let amplitude = randomAmplitude(within: settings.amplitudeVariationDB)
        trialsBegun += 1
        currentComparison = comparison
        state = .playingNote1
        loop.runTrial { [weak self] token in
            try await self?.playNotes(of: comparison, settings: settings, note2Amplitude: amplitude, token: token)
        }
    }

    private func playNotes(of comparison: Comparison, settings: TrainingSettings, note2Amplitude: AmplitudeDB,
                           token: Int) async throws {
        let reference = settings.referencePitch
        if comparison.presentation == .harmonic {
            try await playTogether(comparison, settings: settings, note2Amplitude: note2Amplitude, token: token)
            return
        }
        try await notePlayer.play(frequency: comparison.referenceFrequency(reference), duration: settings.noteDuration,
                                  velocity: settings.velocity, amplitudeDB: .unchanged)
        guard loop.isCurrent(token) else { return }
        state = .playingNote2
        try await notePlayer.play(frequency: comparison.targetFrequency(reference), duration: settings.noteDuration,
                                  velocity: settings.velocity, amplitudeDB: note2Amplitude)
        guard loop.isCurrent(token) else { return }
        state = .awaitingAnswer
    }

    /// Harmonic intervals: both notes start together and last the note duration; answers are accepted from
    /// their start. Every stop path is the melodic one: `stopAll()` silences both.
    private func playTogether(_ comparison: Comparison, settings: TrainingSettings, note2Amplitude: AmplitudeDB,
                              token: Int) async throws {
        let player = notePlayer
        let reference = settings.referencePitch
        let (first, second) = (comparison.referenceFrequency(reference), comparison.targetFrequency(reference))
        let (duration, velocity) = (settings.noteDuration, settings.velocity)
        state = .playingNote2
        // A group, so the first failure cancels the other note at once instead of after its duration.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await player.play(frequency: first, duration: duration, velocity: velocity, amplitudeDB: .unchanged)
            }
            group.addTask {
                try await player.play(frequency: second, duration: duration, velocity: velocity, amplitudeDB: note2Amplitude)
            }
            // `next()` rethrows the first failure at once; leaving the group then cancels the other note.
            while try await group.next() != nil {}
        }
        guard loop.isCurrent(token) else { return }
        state = .awaitingAnswer
    }

    /// The offset the listener really heard: the interval between the frequencies the synth can present,
    /// less the in-tune interval (zero for a unison).
    private func presentedCentOffset(of comparison: Comparison, reference: ReferencePitch) -> Cents {
        Cents.between(notePlayer.presentedFrequency(for: comparison.referenceFrequency(reference)),
                      and: notePlayer.presentedFrequency(for: comparison.targetFrequency(reference)))
            - comparison.tuned(reference).size
    }

    private func soundsOnUnmeasuredKey(_ comparison: Comparison, reference: ReferencePitch) -> Bool {
        notePlayer.soundsOnUnmeasuredKey(comparison.referenceFrequency(reference))
            || notePlayer.soundsOnUnmeasuredKey(comparison.targetFrequency(reference))
    }

    private func randomAmplitude(within variationDB: Double) -> AmplitudeDB {
        let spread = abs(variationDB)
        guard spread > 0 else { return .unchanged }
        return AmplitudeDB(Double.random(in: -spread...spread, using: &random))
    }
}
