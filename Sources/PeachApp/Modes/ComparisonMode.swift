import Foundation
import PeachCore
import PeachTerminal

/// Unison pitch discrimination: two notes, was the second higher or lower? Kazez difficulty.
public struct ComparisonMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "comparison")
    public var id: TrainingModeID { Self.id }
    public let menuTitle = "Start comparison training"
    public let plainWords = ["c", "comparison", "compare"]
    public let plainIntro = "comparison training: answer h (higher) or l (lower) once note 2 starts; s stops"

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        ComparisonModeSession(ComparisonSession(
            notePlayer: dependencies.notePlayer, profile: dependencies.profile, settings: dependencies.settings,
            clock: dependencies.clock, logger: dependencies.logger, interruptions: dependencies.interruptions,
            observers: dependencies.observers))
    }
}

/// How any comparison session is shown and answered: the comparison screen, ↑/↓ keys, plain lines.
/// Reused by every mode whose trials are "higher or lower?" comparisons.
@MainActor
public final class ComparisonModeSession: ModeSession {
    public let comparison: ComparisonSession
    private let title: String
    private let detail: @MainActor (Comparison?) -> String?

    public init(_ comparison: ComparisonSession, title: String = "Comparison training",
                detail: @escaping @MainActor (Comparison?) -> String? = { _ in nil }) {
        self.comparison = comparison
        self.title = title
        self.detail = detail
    }

    public var session: any TrainingSession { comparison }

    public func screen(_ context: ModeScreenContext) -> Screen {
        let phase: ComparisonScreenModel.Phase
        switch comparison.state {
        case .idle, .playingNote1: phase = .playingNote1
        case .playingNote2: phase = .playingNote2
        case .awaitingAnswer: phase = .awaitingAnswer
        case .showingFeedback:
            if let last = comparison.lastCompleted {
                phase = .feedback(correct: last.isCorrect, difference: last.presentedCentOffset.magnitude)
            } else {
                phase = .awaitingAnswer
            }
        }
        return .comparison(ComparisonScreenModel(
            phase: phase, canAnswer: comparison.isAnswerEnabled, answered: comparison.answeredCount,
            correct: comparison.correctCount, warning: context.warning, title: title,
            detail: detail(comparison.currentComparison)))
    }

    public func commands(for key: Key) -> [AppCommand] {
        switch KeyBindings.comparison(key) {
        case .answerHigher: [.input(.answer(higher: true))]
        case .answerLower: [.input(.answer(higher: false))]
        case .stop: [.back]
        case nil: []
        }
    }

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(comparison.state)", finished: comparison.answeredCount)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        var lines: [String] = []
        if now.finished != previous?.finished, now.finished > 0, let verdict = verdictLine() { lines.append(verdict) }
        if now.phase != previous?.phase {
            switch comparison.state {
            case .playingNote1:
                let what = detail(comparison.currentComparison).map { " (\($0))" } ?? ""
                lines.append("comparison \(comparison.answeredCount + 1)\(what): note 1")
            case .playingNote2: lines.append("note 2: higher or lower?")
            case .awaitingAnswer, .idle, .showingFeedback: break
            }
        }
        return lines
    }

    public var wrongAnswerShowing: Date? {
        guard comparison.state == .showingFeedback, let last = comparison.lastCompleted, !last.isCorrect else { return nil }
        return last.timestamp
    }

    private func verdictLine() -> String? {
        guard let last = comparison.lastCompleted else { return nil }
        let verdict = last.isCorrect ? "correct" : "wrong"
        let direction = last.comparison.isTargetHigher ? "higher" : "lower"
        let cents = String(format: "%.1f", last.presentedCentOffset.magnitude.value)
        return "\(verdict): note 2 was \(cents) cents \(direction) (\(comparison.correctCount) of \(comparison.answeredCount) correct)"
    }
}
