import Foundation
import Observation

/// The threshold test: `trialCount` unison comparisons placed by `ThresholdTestProcedure` (expected
/// information gain over the (T, β) posterior) on the configured note range, then a result card.
///
/// It drives an ordinary `ComparisonSession` (same notes, answers, feedback, stop paths and records) whose
/// strategy asks the procedure, and listens to that session's trials as its last observer: the answer
/// updates the posterior; the last one stops the comparisons, tells the `ThresholdTestObserver`s once and
/// leaves the result on screen until `stop` (the user goes back; nothing restarts by itself). A test
/// stopped earlier records no result; its answered trials stay ordinary comparison records.
@MainActor @Observable
public final class ThresholdTestSession: TrainingSession {
    /// The comparisons of the running test (state, current and last comparison, counts).
    public let comparison: ComparisonSession
    /// The finished test's result while its card shows; nil while testing and when idle.
    public private(set) var result: ThresholdTestRecord?
    public let trialCount: Int

    /// Answers the running (or just finished) test has taken.
    public var trialsDone: Int { run.procedure?.trialsDone ?? 0 }
    public var isTraining: Bool { comparison.isTraining || result != nil }
    public var statusMessage: String? { comparison.statusMessage }
    public var trialNumber: Int? { comparison.trialNumber }

    @ObservationIgnored private let run: ThresholdTestRun
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private let resultObservers: [any ThresholdTestObserver]
    @ObservationIgnored private let logger: any PeachLogger
    @ObservationIgnored private var answerListener: AnswerListener?

    public init(notePlayer: any NotePlayer, profile: PerceptualProfile, settings: any TrainingSettingsSource,
                trialCount: Int = ThresholdTestProcedure.defaultTrialCount,
                clock: any TrainingClock = SystemTrainingClock(), logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any TrainingObserver] = [],
                resultObservers: [any ThresholdTestObserver] = [],
                random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        precondition(trialCount >= 1, "a threshold test needs at least one trial")
        let run = ThresholdTestRun()
        self.run = run
        self.trialCount = trialCount
        self.settingsSource = settings
        self.resultObservers = resultObservers
        self.logger = logger
        comparison = ComparisonSession(
            notePlayer: notePlayer, profile: profile, settings: settings,
            strategy: ThresholdTestStrategy(run: run, random: random), clock: clock, logger: logger,
            interruptions: interruptions, observers: observers, random: random)
        // Last: the store, profile and history have the trial before the test may finish on it.
        let listener = AnswerListener { [weak self] completed in self?.answered(completed) }
        answerListener = listener
        comparison.addObserver(listener)
    }

    /// Starts a new test from idle (not while a result card shows: go back first).
    public func start() {
        guard !isTraining else { return }
        run.procedure = ThresholdTestProcedure(noteRange: settingsSource.currentSettings.noteRange,
                                               trialCount: trialCount)
        comparison.start()
    }

    public func accepts(_ input: TrainingInput) -> Bool { comparison.accepts(input) }

    public func handle(_ input: TrainingInput) { comparison.handle(input) }

    /// From every state: an unfinished test is discarded (no result), a shown result is closed.
    @discardableResult
    public func stop() -> Task<Void, Never> {
        result = nil
        run.procedure = nil
        return comparison.stop()
    }

    private func answered(_ completed: CompletedComparison) {
        // A break or interruption may have stopped the test while this trial was being recorded.
        guard comparison.isTraining, var procedure = run.procedure else { return }
        procedure.record(difference: completed.presentedCentOffset.magnitude, correct: completed.isCorrect)
        run.procedure = procedure
        guard procedure.isComplete else { return }
        let record = ThresholdTestRecord(timestamp: completed.timestamp, noteRange: procedure.noteRange,
                                         estimate: procedure.result)
        comparison.stop()
        for observer in resultObservers {
            do {
                try observer.thresholdTestFinished(record)
            } catch {
                logger.log(.error, "Threshold test: storing the result failed: \(error)")
            }
        }
        result = record
    }
}

/// The procedure of the running test, shared by the session and its strategy.
final class ThresholdTestRun {
    var procedure: ThresholdTestProcedure?
}

/// Asks the running test's procedure where to place the next comparison; the direction is random.
struct ThresholdTestStrategy: ComparisonStrategy {
    let run: ThresholdTestRun
    var random: AnyRandomNumberGenerator

    init(run: ThresholdTestRun, random: any RandomNumberGenerator) {
        self.run = run
        self.random = AnyRandomNumberGenerator(random)
    }

    mutating func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                                 last: CompletedComparison?) -> Comparison {
        let procedure = run.procedure ?? ThresholdTestProcedure(noteRange: settings.noteRange)
        let trial = procedure.nextTrial(using: &random)
        let higher = Bool.random(using: &random)
        return Comparison(referenceNote: trial.note, centOffset: higher ? trial.difference : -trial.difference)
    }
}

/// Hands the session's own comparisons back to it.
@MainActor
private final class AnswerListener: TrainingObserver {
    private let onAnswer: @MainActor (CompletedComparison) -> Void
    init(_ onAnswer: @escaping @MainActor (CompletedComparison) -> Void) { self.onAnswer = onAnswer }

    func trialCompleted(_ trial: CompletedTrial) throws {
        switch trial {
        case .comparison(let completed): onAnswer(completed)
        case .pitchMatching: break
        }
    }
}
