import Foundation
import PeachCore
import PeachTerminal

/// Unison pitch discrimination: two notes, was the second higher or lower? Kazez difficulty, with every
/// Nth trial a measurement trial for the threshold estimator (`MeasuringComparisonStrategy`) when the
/// composition root provides the estimator's thresholds.
public struct ComparisonMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "comparison")
    public var id: TrainingModeID { Self.id }
    public let menuTitle = "Start comparison training"
    public let plainWords = ["c", "comparison", "compare"]
    public let plainIntro = "comparison training: answer h (higher) or l (lower) once note 2 starts; s stops"
    public let plainAnswers = ComparisonModeSession.answerWords
    public let plainAnswerHelp = ComparisonModeSession.answerHelp
    public let menuRank = 10

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        let strategy: any ComparisonStrategy = dependencies.thresholdPosteriors
            .map { MeasuringComparisonStrategy(posteriors: $0) } ?? AdaptiveNoteStrategy()
        return ComparisonModeSession(ComparisonSession(
            notePlayer: dependencies.notePlayer, profile: dependencies.profile, settings: dependencies.settings,
            strategy: strategy, clock: dependencies.clock, logger: dependencies.logger, interruptions: dependencies.interruptions,
            observers: dependencies.observers))
    }
}

/// How any comparison session is shown and answered: the comparison screen, ↑/↓ keys, plain lines.
/// Reused by every mode whose trials are "higher or lower?" (or "wider or narrower?") comparisons.
@MainActor
public final class ComparisonModeSession: ModeSession {
    public let comparison: ComparisonSession
    private let title: String
    private let detail: @MainActor (Comparison?) -> String?
    private let question: ComparisonQuestion

    /// ↑ always sends the up answer; the session maps it to "note 2 higher" or, for a downward interval
    /// with `.interval` wording, to "note 2 lower" (wider).
    public init(_ comparison: ComparisonSession, title: String = "Comparison training",
                question: ComparisonQuestion = .pitch,
                detail: @escaping @MainActor (Comparison?) -> String? = { _ in nil }) {
        self.comparison = comparison
        self.title = title
        self.question = question
        self.detail = detail
    }

    public var session: any TrainingSession { comparison }

    /// Plain mode's answers in every comparison mode: up (higher, wider) and down (lower, narrower).
    public static let answerWords: [String: TrainingInput] = Dictionary(uniqueKeysWithValues:
        ["h", "higher", "u", "up", "w", "wider"].map { ($0, TrainingInput.answer(higher: true)) }
        + ["l", "lower", "d", "down", "n", "narrower"].map { ($0, TrainingInput.answer(higher: false)) })
    public static let answerHelp = "h / l = answer higher / lower (w / n = wider / narrower for intervals)"

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
            detail: detail(comparison.currentComparison), question: question,
            together: comparison.currentComparison?.presentation == .harmonic))
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
            let what = detail(comparison.currentComparison).map { " (\($0))" } ?? ""
            let ask = "\(question.up.lowercased()) or \(question.down.lowercased())?"
            switch comparison.state {
            case .playingNote1:
                lines.append("comparison \(comparison.answeredCount + 1)\(what): note 1")
            case .playingNote2 where comparison.currentComparison?.presentation == .harmonic:
                lines.append("comparison \(comparison.answeredCount + 1)\(what): both notes: \(ask)")
            case .playingNote2: lines.append("note 2: \(ask)")
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
        let cents = String(format: "%.1f", last.presentedCentOffset.magnitude.value)
        let what: String
        switch question {
        case .pitch: what = "note 2 was \(cents) cents " + (last.comparison.isTargetHigher ? "higher" : "lower")
        case .interval: what = "the interval was \(cents) cents " + (last.comparison.isWider ? "wider" : "narrower")
        }
        return "\(verdict): \(what) (\(comparison.correctCount) of \(comparison.answeredCount) correct)"
    }
}
