import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// The threshold test: unison comparisons placed where the estimator learns most, on the configured note
/// range, answered like comparison training, until the interval reaches the chosen precision (`[threshold_test]`)
/// or the trial cap; then a result card until the user goes back.
public struct ThresholdTestMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "thresholdTest")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuThresholdTest) }
    public let plainWords = ["t", "test", "threshold test", "threshold"]
    public var plainIntro: String { tr(.plainIntroThresholdTest) }
    public let plainAnswers = ComparisonModeSession.answerWords
    public var plainAnswerHelp: String { ComparisonModeSession.answerHelp }
    public let menuRank = 50

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        ThresholdTestModeSession(ThresholdTestSession(
            notePlayer: dependencies.notePlayer, profile: dependencies.profile, settings: dependencies.settings,
            clock: dependencies.clock, logger: dependencies.logger, interruptions: dependencies.interruptions,
            observers: dependencies.observers, resultObservers: dependencies.outcomeObservers,
            trainedSlopes: dependencies.profile))
    }
}

/// The test is shown and answered as comparisons ("trial 12 of at most 150 · 4.1–9.8 c, ×2.4 (goal ×2.5)");
/// once finished, the same screen carries the result card in its detail line.
@MainActor
public final class ThresholdTestModeSession: GestureDrivenModeSession {
    nonisolated public static var title: String { tr(.modeThresholdTest) }
    public let test: ThresholdTestSession
    private let comparisons: ComparisonModeSession

    public init(_ test: ThresholdTestSession) {
        self.test = test
        comparisons = ComparisonModeSession(test.comparison, title: Self.title) { [weak test] comparison in
            guard let test, comparison != nil, let standing = test.standing else { return nil }
            return Self.progress(trial: test.trialsDone + 1, standing: standing)
        }
    }

    public var driven: ThresholdTestSession { test }
    /// Answers only, as in comparison training.
    public let gestures: GestureMap<ThresholdTestSession.Input> = GestureMap(answer: { .answer(up: $0) })

    public func screen(_ context: ModeScreenContext) -> TrainingScreenModel {
        ComparisonScreen.describe(model(context))
    }

    /// The comparison screen of the running test, or its result card in the detail line once finished.
    public func model(_ context: ModeScreenContext) -> ComparisonScreenModel {
        guard let result = test.result else { return comparisons.model(context) }
        let last = test.comparison.tally.last
        return ComparisonScreenModel(
            phase: last.map { .feedback(correct: $0.isCorrect, difference: $0.presentedCentOffset.magnitude) }
                ?? .awaitingAnswer,
            canAnswer: false, answered: test.comparison.tally.answered, correct: test.comparison.tally.correct,
            warning: context.warning, title: Self.title, detail: Self.card(result))
    }

    /// "trial 12 of at most 150 · 4.1–9.8 c, ×2.4 (goal ×2.5)": where the interval stands after the answers so far.
    static func progress(trial: Int, standing: ThresholdTestStanding) -> String {
        tr(.thresholdTestProgress, ["number": "\(trial)", "maximum": "\(standing.stopRule.maximumTrials)", "standing": standing.text])
    }

    /// "Done. 75 % threshold around C2–C6: 6.3 cents (95 %: 4.9–8.1, ×1.7) after 87 trials; precision ×2.5
    /// reached; started from the slope learned in training. Esc returns to Start."
    static func card(_ result: ThresholdTestResult) -> String {
        tr(.thresholdTestCard, ["summary": result.summary])
    }

    public func commands(for key: Key) -> [AppCommand] { comparisons.commands(for: key) }

    public var plainProgress: PlainProgress {
        test.result == nil ? comparisons.plainProgress : PlainProgress(phase: "result", finished: test.trialsDone)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        var lines = comparisons.plainLines(after: previous)
        if let result = test.result, previous?.phase != "result" {
            lines.append(tr(.plainThresholdTestDone, ["summary": result.summary]))
        }
        return lines
    }

    public var wrongAnswerShowing: Date? { test.result == nil ? comparisons.wrongAnswerShowing : nil }
}
