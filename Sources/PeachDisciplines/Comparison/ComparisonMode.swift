import PeachCore
import PeachText

/// Unison pitch discrimination: two notes, was the second higher or lower? Kazez difficulty, with every
/// Nth trial a measurement trial for the threshold estimator (`MeasuringComparisonStrategy`) when the
/// composition root provides the estimator's thresholds.
public struct ComparisonMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "comparison")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuComparison) }
    public let plainWords = ["c", "comparison", "compare"]
    public var plainIntro: String { tr(.plainIntroComparison) }
    public let plainAnswers = ComparisonModeSession.answerWords
    public var plainAnswerHelp: String { ComparisonModeSession.answerHelp }
    public let menuRank = 10

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        // The profile keeps the estimator's pooled thresholds: the measurement trials are placed on them.
        let strategy = MeasuringComparisonStrategy(posteriors: dependencies.profile)
        return ComparisonModeSession(ComparisonSession(
            notePlayer: dependencies.notePlayer, profile: dependencies.profile, settings: dependencies.settings,
            strategy: strategy, clock: dependencies.clock, logger: dependencies.logger, interruptions: dependencies.interruptions,
            observers: dependencies.observers))
    }
}
