import PeachCore
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

    public var accuracy: Double? { answered > 0 ? Double(correct) / Double(answered) : nil }
}

public enum ComparisonScreen {
    public static func render(_ model: ComparisonScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let note2Playing = model.phase == .playingNote2
        let note1Playing = model.phase == .playingNote1 || (model.together && note2Playing)
        let question = model.question
        let indicator = noteLamp(tr(.comparisonNote1), on: note1Playing, style: style) + "      "
            + noteLamp(tr(.comparisonNote2), on: note2Playing, style: style)

        let prompt: String
        switch model.phase {
        case .playingNote1: prompt = tr(.comparisonListenNote1)
        case .playingNote2:
            prompt = model.together ? tr(model.canAnswer ? .comparisonListenBothAnswerable : .comparisonListenBoth)
                : tr(model.canAnswer ? .comparisonListenNote2Answerable : .comparisonListenNote2)
        case .awaitingAnswer: prompt = question.prompt
        case .feedback: prompt = ""
        }

        let feedback: String
        if case .feedback(let correct, let difference) = model.phase {
            let heard = tr(.comparisonDifferenceWas, ["difference": ScreenFormat.cents(difference.magnitude)])
            feedback = (correct ? style.good(tr(.comparisonCorrect)) : style.bad(tr(.comparisonWrong))) + " — " + heard
        } else {
            feedback = ""
        }

        let width = size.columns - 2
        var body: [String] = [
            model.detail.map { TextLayout.center(style.bold($0), width: width) } ?? "",
            TextLayout.center(indicator, width: width),
            "",
            TextLayout.center(prompt, width: width),
            "",
            TextLayout.center(button("↑ " + question.up, enabled: model.canAnswer, style: style) + "      "
                              + button("↓ " + question.down, enabled: model.canAnswer, style: style), width: width),
            "",
            TextLayout.center(feedback, width: width),
            "",
            tr(.comparisonTally, ["answered": "\(model.answered)", "correct": "\(model.correct)",
                                  "accuracy": ScreenFormat.percent(model.accuracy)]),
        ]
        if let warning = model.warning { body += [""] + warning.renderedLines(width: size.columns - 2, style: style) }
        let status = tr(.comparisonStatus, ["answered": "\(model.answered)", "accuracy": ScreenFormat.percent(model.accuracy)])
        return ScreenFrame.compose(title: model.title, status: status, body: body,
                                   keyHints: tr(.comparisonKeyHints, ["up": question.up.lowercased(), "down": question.down.lowercased()]),
                                   size: size, style: style)
    }

    /// Enabled buttons are bracketed (and bold); disabled ones lose the brackets (and are dimmed),
    /// so the state reads the same with and without colour.
    static func button(_ label: String, enabled: Bool, style: Styler) -> String {
        enabled ? style.bold("[ \(label) ]") : style.dim("  \(label)  ")
    }

    static func noteLamp(_ label: String, on: Bool, style: Styler) -> String {
        on ? style.accent("● " + label) : "○ " + label
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
