import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How any comparison session is shown and answered: the comparison screen, ↑/↓ keys, plain lines.
/// Reused by every mode whose trials are "higher or lower?" (or "wider or narrower?") comparisons.
@MainActor
public final class ComparisonModeSession: GestureDrivenModeSession {
    public let comparison: ComparisonSession
    private let title: String
    private let detail: @MainActor (Comparison?) -> String?
    private let question: ComparisonQuestion

    /// ↑ always sends the up answer; the session maps it to "note 2 higher" or, for a downward interval
    /// with `.interval` wording, to "note 2 lower" (wider).
    public init(_ comparison: ComparisonSession, title: String = tr(.comparisonTitle),
                question: ComparisonQuestion = .pitch,
                detail: @escaping @MainActor (Comparison?) -> String? = { _ in nil }) {
        self.comparison = comparison
        self.title = title
        self.question = question
        self.detail = detail
    }

    public var driven: ComparisonSession { comparison }
    /// Answers only.
    public let gestures: GestureMap<ComparisonSession.Input> = GestureMap(answer: { .answer(up: $0) })

    /// Plain mode's answers in every comparison mode: up (higher, wider) and down (lower, narrower).
    public static let answerWords: [String: Gesture] = Dictionary(uniqueKeysWithValues:
        ["h", "higher", "u", "up", "w", "wider"].map { ($0, Gesture.answer(higher: true)) }
        + ["l", "lower", "d", "down", "n", "narrower"].map { ($0, Gesture.answer(higher: false)) })
    nonisolated public static var answerHelp: String { tr(.plainAnswersComparison) }

    public func screen(_ context: ModeScreenContext) -> TrainingScreenModel {
        ComparisonScreen.describe(model(context))
    }

    /// What the comparison screen shows now.
    public func model(_ context: ModeScreenContext) -> ComparisonScreenModel {
        let phase: ComparisonScreenModel.Phase
        switch comparison.state {
        case .idle, .playingNote1: phase = .playingNote1
        case .playingNote2: phase = .playingNote2
        case .awaitingAnswer: phase = .awaitingAnswer
        case .showingFeedback:
            if let last = comparison.tally.last {
                phase = .feedback(correct: last.isCorrect, difference: last.presentedCentOffset.magnitude)
            } else {
                phase = .awaitingAnswer
            }
        }
        return ComparisonScreenModel(
            phase: phase, canAnswer: comparison.isAnswerEnabled, answered: comparison.tally.answered,
            correct: comparison.tally.correct, warning: context.warning, title: title,
            detail: detail(comparison.currentComparison), question: question,
            together: comparison.currentComparison?.presentation == .harmonic)
    }

    public func commands(for key: Key) -> [AppCommand] {
        switch ComparisonKeys.action(for: key) {
        case .answerHigher: [.input(.answer(higher: true))]
        case .answerLower: [.input(.answer(higher: false))]
        case .stop: [.back]
        case nil: []
        }
    }

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(comparison.state)", finished: comparison.tally.answered)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        var lines: [String] = []
        if now.finished != previous?.finished, now.finished > 0, let verdict = verdictLine() { lines.append(verdict) }
        if now.phase != previous?.phase {
            let what = detail(comparison.currentComparison).map { " (\($0))" } ?? ""
            let ask = tr(.plainComparisonQuestion, ["up": question.up.lowercased(), "down": question.down.lowercased()])
            let trial = ["number": "\(comparison.tally.answered + 1)", "detail": what, "question": ask]
            switch comparison.state {
            case .playingNote1:
                lines.append(tr(.plainComparisonNote1, trial))
            case .playingNote2 where comparison.currentComparison?.presentation == .harmonic:
                lines.append(tr(.plainComparisonBoth, trial))
            case .playingNote2: lines.append(tr(.plainComparisonNote2, trial))
            case .awaitingAnswer, .idle, .showingFeedback: break
            }
        }
        return lines
    }

    public var wrongAnswerShowing: Date? {
        guard comparison.state == .showingFeedback, let last = comparison.tally.last, !last.isCorrect else { return nil }
        return last.timestamp
    }

    private func verdictLine() -> String? {
        guard let last = comparison.tally.last else { return nil }
        let cents = ["cents": ScreenFormat.number(last.presentedCentOffset.magnitude.value)]
        let what: String
        switch question {
        case .pitch: what = tr(last.comparison.isTargetHigher ? .plainComparisonHigher : .plainComparisonLower, cents)
        case .interval: what = tr(last.comparison.isWider ? .plainComparisonWider : .plainComparisonNarrower, cents)
        }
        return tr(.plainVerdict, ["verdict": tr(last.isCorrect ? .plainCorrect : .plainWrong), "what": what,
                                  "correct": "\(comparison.tally.correct)", "answered": "\(comparison.tally.answered)"])
    }
}
