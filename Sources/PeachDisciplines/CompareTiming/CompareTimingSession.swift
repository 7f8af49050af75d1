import Foundation
import Observation
import PeachCore
import PeachText

/// Compare timing: four clicks scheduled ahead on the queue (never by sleeping), the fourth early or late;
/// answer early or late once the pattern has played. Feedback and stop rules as every mode: `stop` works from
/// every state and removes every pending click, the unanswered trial is discarded, nothing resumes by itself.
@MainActor @Observable
public final class CompareTimingSession: InputTakingSession {
    /// What compare timing takes: the answer that the moved click came late (true) or early (false).
    public enum Input: Hashable, Sendable {
        case answer(late: Bool)
    }

    public enum State: Hashable, Sendable {
        case idle
        case playingPattern
        case awaitingAnswer
        case showingFeedback
    }

    /// The first click comes this long after the pattern is queued: room for the kernel to have it before it is due.
    public static let leadIn: Duration = .milliseconds(150)

    public private(set) var state: State = .idle
    public private(set) var currentTrial: CompareTimingTrial?
    /// Answers in this run (reset by `start`); its last one gives the feedback.
    public private(set) var tally = AnswerTally<CompletedCompareTiming>()

    public var isTraining: Bool { state != .idle }
    public var statusMessage: String? { loop.statusMessage }
    public var trialNumber: Int? { isTraining ? tally.answered + 1 : nil }

    @ObservationIgnored private let player: any RhythmPlayer
    @ObservationIgnored private let profile: PerceptualProfile
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private var strategy: CompareTimingStrategy
    @ObservationIgnored private let loop: TrialLoop

    public init(player: any RhythmPlayer, profile: PerceptualProfile, settings: any TrainingSettingsSource,
                clock: any TrainingClock, logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any TrainingObserver] = [],
                strategy: CompareTimingStrategy = CompareTimingStrategy()) {
        self.player = player
        self.profile = profile
        self.settingsSource = settings
        self.strategy = strategy
        loop = TrialLoop(modeName: tr(.modeCompareTiming), clock: clock, logger: logger, interruptions: interruptions,
                         observers: observers)
        loop.stopSession = { [weak self] in self?.stop() }
    }

    public func start() {
        guard state == .idle else { return }
        tally = AnswerTally()
        loop.begin()
        beginTrial()
    }

    public func accepts(_ input: Input) -> Bool {
        switch input {
        case .answer: state == .awaitingAnswer
        }
    }

    public func handle(_ input: Input) {
        switch input {
        case .answer(let late): answer(late: late)
        }
    }

    public func answer(late: Bool) {
        guard state == .awaitingAnswer, let trial = currentTrial else { return }
        let answerToken = loop.advance()
        let completed = CompletedCompareTiming(trial: trial, answeredLate: late, timestamp: loop.clock.now())
        tally.record(completed, correct: completed.isCorrect)
        loop.notify(completed)
        // An observer may have stopped training (e.g. a break became due).
        guard loop.isCurrent(answerToken) else { return }
        state = .showingFeedback
        loop.feedback(token: answerToken) { [weak self] in self?.beginTrial() }
    }

    @discardableResult
    public func stop() -> Task<Void, Never> {
        guard state != .idle else { return loop.settled }
        loop.halt()
        currentTrial = nil
        state = .idle
        loop.silence { [player] in try await player.cancelScheduled() }
        return loop.settled
    }

    /// Queues the whole pattern at absolute queue times, from a wake-up of the queue and with the moved click's
    /// offset as the queue will deliver it (the trial recorded is the one played), then waits (by a queue marker,
    /// for the screen only) until its last click has sounded before answers are taken.
    private func beginTrial() {
        let asked = strategy.next(tempo: settingsSource.currentSettings.tempo, profile: profile, last: tally.last)
        currentTrial = asked
        state = .playingPattern
        loop.runTrial { [weak self, player] token in
            let wakeUps = try await player.queueWakeUps()
            let start = wakeUps.nearest(to: try await player.queueNow() + Self.leadIn)
            let trial = asked.delivered(from: start, on: wakeUps)
            guard self?.loop.isCurrent(token) == true else { return }
            self?.currentTrial = trial
            let clicks = trial.clicks(from: start)
            try await player.schedule(clicks)
            try await player.waitUntil(clicks[clicks.count - 1].time + trial.tempo.sixteenth)
            guard let self, self.loop.isCurrent(token) else { return }
            self.state = .awaitingAnswer
        }
    }
}
