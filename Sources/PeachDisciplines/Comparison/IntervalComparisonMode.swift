import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// Interval comparison: note 1, then note 2 at one of the chosen intervals (up or down, equal temperament or
/// just intonation, one after the other or together) ± a cent offset; was the interval wider or narrower
/// than in tune? Kazez difficulty per interval and tuning system, with measurement trials and lapse probes for each
/// (`IntervalComparisonStrategy`).
public struct IntervalComparisonMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "intervalComparison")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuIntervalComparison) }
    public let plainWords = ["ic", "interval comparison", "intervals"]
    public var plainIntro: String { tr(.plainIntroIntervalComparison) }
    public let plainAnswers = ComparisonModeSession.answerWords
    public var plainAnswerHelp: String { ComparisonModeSession.answerHelp }
    public let menuRank = 30

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        // The profile keeps each discipline's pooled thresholds: the measurement trials are placed on them.
        ComparisonModeSession(
            ComparisonSession(
                notePlayer: dependencies.notePlayer, profile: dependencies.profile, settings: dependencies.settings,
                strategy: IntervalComparisonStrategy(posteriors: dependencies.profile), clock: dependencies.clock, logger: dependencies.logger,
                interruptions: dependencies.interruptions, observers: dependencies.observers),
            title: tr(.modeIntervalComparison), question: .interval,
            detail: { comparison in comparison.map { IntervalDetail.describe($0.directedInterval, $0.tuningSystem, $0.presentation, from: $0.referenceNote, target: $0.targetNote) } })
    }
}
