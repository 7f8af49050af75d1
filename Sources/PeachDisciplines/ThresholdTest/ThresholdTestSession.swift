import Foundation
import Observation
import PeachCore
import PeachText

/// The threshold test: unison comparisons placed by `ThresholdTestProcedure` (expected information gain over
/// the (T, β) posterior) on the configured note range, until the configured stop rule holds (the interval's
/// precision, or the trial cap: `TrainingSettings.thresholdTestStopRule`, read at start), then a result card.
///
/// It drives an ordinary `ComparisonSession` (same notes, answers, feedback, stop paths and records) whose
/// strategy asks the procedure, and listens to that session's trials twice: first (before the store and the
/// others; no side effects) the answer updates the posterior; last, once the procedure is complete, it stops
/// the comparisons, tells the `OutcomeObserver`s once and leaves the result on screen until `stop`
/// (the user goes back; nothing restarts by itself). A quiet break that stops the test on its last answer
/// (an observer between the two) still gets the result recorded, without the card. A test stopped earlier
/// records no result; its answered trials stay ordinary comparison records.
@MainActor @Observable
public final class ThresholdTestSession: InputTakingSession {
    /// The comparisons of the running test (state, current and last comparison, counts).
    public let comparison: ComparisonSession
    /// The finished test's result while its card shows; nil while testing and when idle.
    public private(set) var result: ThresholdTestResult?

    /// Answers the running (or just finished) test has taken.
    public var trialsDone: Int { result?.trials ?? run.procedure?.trialsDone ?? 0 }
    public var isTraining: Bool { comparison.isTraining || result != nil }
    public var statusMessage: String? { comparison.statusMessage }
    public var trialNumber: Int? { comparison.trialNumber }
    /// The running test's procedure (nil when idle).
    var procedure: ThresholdTestProcedure? { run.procedure }
    /// Where the running test's interval stands ("4.1–9.8 c, ×2.4 (goal ×2.5)"); nil when not testing.
    public var standing: ThresholdTestStanding? {
        run.procedure.map { ThresholdTestStanding(estimate: $0.result, stopRule: $0.stopRule) }
    }

    @ObservationIgnored private let run: ThresholdTestRun
    @ObservationIgnored private let settingsSource: any TrainingSettingsSource
    @ObservationIgnored private let trainedSlopes: (any ThresholdPosteriorSource)?
    @ObservationIgnored private let resultObservers: [any OutcomeObserver]
    @ObservationIgnored private let logger: any PeachLogger
    @ObservationIgnored private var listeners: [AnswerListener] = []

    public init(notePlayer: any NotePlayer, profile: PerceptualProfile, settings: any TrainingSettingsSource,
                clock: any TrainingClock = SystemTrainingClock(), logger: any PeachLogger = SilentLogger(),
                interruptions: (any InterruptionSource)? = nil, observers: [any TrainingObserver] = [],
                resultObservers: [any OutcomeObserver] = [],
                trainedSlopes: (any ThresholdPosteriorSource)? = nil,
                random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        let run = ThresholdTestRun()
        self.run = run
        self.settingsSource = settings
        self.trainedSlopes = trainedSlopes
        self.resultObservers = resultObservers
        self.logger = logger
        let update = AnswerListener { [weak run] completed in run?.record(completed) }
        comparison = ComparisonSession(
            notePlayer: notePlayer, profile: profile, settings: settings,
            strategy: ThresholdTestStrategy(run: run, random: random), clock: clock, logger: logger,
            interruptions: interruptions, observers: [update] + observers, random: random)
        // Last: the store and the profile have the trial before the test finishes on it.
        let finish = AnswerListener { [weak self] _ in self?.finishIfComplete() }
        comparison.addObserver(finish)
        listeners = [update, finish]
    }

    /// Starts a new test from idle (not while a result card shows: go back first). A trained user's test
    /// starts from the slope learned in training (read now: the test's own answers do not feed its prior), on the
    /// grid the unison comparisons are pooled on (`ThresholdGrid.lapseProbed`: the lapse rate they learned comes too).
    public func start() {
        guard !isTraining else { return }
        run.lastAnswer = nil
        let settings = settingsSource.currentSettings
        run.procedure = ThresholdTestProcedure(noteRange: settings.noteRange, stopRule: settings.thresholdTestStopRule,
                                               grid: .lapseProbed, slopePrior: trainedSlopes?.trainedSlopePrior)
        comparison.start()
    }

    /// The test's comparisons take the answers.
    public func accepts(_ input: ComparisonSession.Input) -> Bool { comparison.accepts(input) }

    public func handle(_ input: ComparisonSession.Input) { comparison.handle(input) }

    /// From every state: an unfinished test is discarded (no result), a shown result is closed.
    @discardableResult
    public func stop() -> Task<Void, Never> {
        // Stopped (by a break) between the last answer and the end of its observers: the test is complete.
        if result == nil, comparison.isTraining, run.procedure?.isComplete == true { _ = recordResult() }
        result = nil
        run.procedure = nil
        return comparison.stop()
    }

    private func finishIfComplete() {
        guard comparison.isTraining, run.procedure?.isComplete == true else { return }
        let record = recordResult()
        comparison.stop()
        result = record
    }

    /// Tells the result observers once; the procedure is dropped so nothing records it again.
    private func recordResult() -> ThresholdTestResult? {
        guard let procedure = run.procedure, let last = run.lastAnswer else { return nil }
        run.procedure = nil
        let conduct = procedure.stopRule.precision.map {
            ThresholdTestConduct(precision: $0, reachedPrecision: procedure.reachedPrecision,
                                 startedFromTrainedSlope: procedure.startedFromTrainedSlope)
        }
        let record = ThresholdTestResult(timestamp: last, noteRange: procedure.noteRange, estimate: procedure.result,
                                         conduct: conduct)
        for observer in resultObservers {
            do {
                try observer.outcomeFinished(record)
            } catch {
                logger.log(.error, tr(.logThresholdTestNotStored, ["error": "\(error)"]))
            }
        }
        return record
    }
}

/// The procedure of the running test, shared by the session and its strategy.
final class ThresholdTestRun {
    var procedure: ThresholdTestProcedure?
    /// When the newest answer was given: the result's timestamp.
    var lastAnswer: Date?

    /// An answer of the running test, at the difference the listener really heard.
    func record(_ completed: CompletedComparison) {
        guard procedure != nil else { return }
        procedure?.record(difference: completed.presentedCentOffset.magnitude, correct: completed.isCorrect)
        lastAnswer = completed.timestamp
    }
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
        let procedure = run.procedure ?? ThresholdTestProcedure(noteRange: settings.noteRange, grid: .lapseProbed)
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

    func trialCompleted(_ trial: any CompletedTrial) throws {
        if let completed = trial as? CompletedComparison { onAnswer(completed) }
    }
}
