import PeachCore
import PeachPresentation
import PeachText

public struct ComparisonScreenModel: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case playingNote1
        case playingNote2
        case awaitingAnswer
        /// The 0.4 s after an answer: right or wrong, and the difference that was played.
        case feedback(correct: Bool, difference: Cents)
    }

    public var phase: Phase
    /// Higher/Lower accepted now (the session allows answering during note 2).
    public var canAnswer: Bool
    public var answered: Int
    public var correct: Int
    public var warning: StatusWarning?
    /// The mode's name in the title bar.
    public var title: String
    /// What to listen for, shown above the notes (e.g. the interval of an interval comparison); nil for unisons.
    public var detail: String?
    /// Higher/lower (unisons) or wider/narrower (intervals).
    public var question: ComparisonQuestion
    /// Both notes sound together (harmonic intervals): both lamps light while they play.
    public var together: Bool

    public init(phase: Phase, canAnswer: Bool, answered: Int = 0, correct: Int = 0, warning: StatusWarning? = nil,
                title: String = tr(.comparisonTitle), detail: String? = nil, question: ComparisonQuestion = .pitch,
                together: Bool = false) {
        self.title = title
        self.detail = detail
        self.question = question
        self.together = together
        self.phase = phase
        self.canAnswer = canAnswer
        self.answered = answered
        self.correct = correct
        self.warning = warning
    }

    public var accuracy: Double? { AnswerTally<CompletedComparison>.accuracy(correct: correct, of: answered) }
}

/// The comparison screen as lines (`TrainingScreenModel`): the two note lamps, the prompt, the answer
/// buttons, the feedback and the tally.
public enum ComparisonScreen {
    public static func describe(_ model: ComparisonScreenModel) -> TrainingScreenModel {
        let question = model.question
        let status = tr(.comparisonStatus, ["answered": "\(model.answered)", "accuracy": ScreenFormat.percent(model.accuracy)])
        return TrainingScreenModel(
            title: model.title, status: status,
            lines: [model.detail.map { .centered($0, .bold) } ?? .blank, .spans(lamps(model)), .blank,
                    .centered(prompt(model), .plain), .blank,
                    .buttons([.init("↑ " + question.up, key: .arrow(.up)), .init("↓ " + question.down, key: .arrow(.down))],
                             enabled: model.canAnswer), .blank,
                    .spans(feedback(model.phase)), .blank,
                    .text(tr(.comparisonTally, ["answered": "\(model.answered)", "correct": "\(model.correct)",
                                                "accuracy": ScreenFormat.percent(model.accuracy)]))],
            keyHints: tr(.comparisonKeyHints, ["up": question.up.lowercased(), "down": question.down.lowercased()]),
            warning: model.warning)
    }

    /// "● Note 1      ○ Note 2": a lamp lights while its note plays (both for harmonic intervals).
    static func lamps(_ model: ComparisonScreenModel) -> [TrainingScreenModel.Span] {
        let note2Playing = model.phase == .playingNote2
        let note1Playing = model.phase == .playingNote1 || (model.together && note2Playing)
        return [lamp(tr(.comparisonNote1), on: note1Playing), .init("      "), lamp(tr(.comparisonNote2), on: note2Playing)]
    }

    static func lamp(_ label: String, on: Bool) -> TrainingScreenModel.Span {
        on ? .init("● " + label, .accent) : .init("○ " + label)
    }

    static func prompt(_ model: ComparisonScreenModel) -> String {
        switch model.phase {
        case .playingNote1: tr(.comparisonListenNote1)
        case .playingNote2:
            model.together ? tr(model.canAnswer ? .comparisonListenBothAnswerable : .comparisonListenBoth)
                : tr(model.canAnswer ? .comparisonListenNote2Answerable : .comparisonListenNote2)
        case .awaitingAnswer: model.question.prompt
        case .feedback: ""
        }
    }

    /// "Correct — the difference was 12.5 ct" after an answer; nothing otherwise.
    static func feedback(_ phase: ComparisonScreenModel.Phase) -> [TrainingScreenModel.Span] {
        guard case .feedback(let correct, let difference) = phase else { return [] }
        let heard = tr(.comparisonDifferenceWas, ["difference": ScreenFormat.cents(difference.magnitude)])
        return [correct ? .init(tr(.comparisonCorrect), .good) : .init(tr(.comparisonWrong), .bad), .init(" — " + heard)]
    }
}

/// What a comparison asks: was note 2 higher or lower (unisons), or was the interval wider or narrower.
public enum ComparisonQuestion: Hashable, Sendable {
    case pitch
    case interval

    /// The ↑ answer's word.
    public var up: String {
        switch self {
        case .pitch: tr(.comparisonHigher)
        case .interval: tr(.comparisonWider)
        }
    }

    /// The ↓ answer's word.
    public var down: String {
        switch self {
        case .pitch: tr(.comparisonLower)
        case .interval: tr(.comparisonNarrower)
        }
    }

    public var prompt: String {
        switch self {
        case .pitch: tr(.comparisonPitchQuestion)
        case .interval: tr(.comparisonIntervalQuestion)
        }
    }
}
