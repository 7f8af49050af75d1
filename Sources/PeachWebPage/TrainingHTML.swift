import PeachPresentation

/// A training screen (and a profile section's page) from its discipline's lines: spans keep their emphasis as a
/// class, buttons press their keys, the tuner is a slider with its commit button. What a trial's feedback says is
/// also put in a live region, so a screen reader announces it.
enum TrainingHTML {
    static func render(_ model: TrainingScreenModel) -> String {
        let body = model.lines.map(line).joined(separator: "\n")
        let announced = model.lines.flatMap(feedback).joined(separator: " ")
        let live = "<p class=\"announce\" role=\"status\" aria-live=\"polite\">" + HTMLText.escape(announced) + "</p>"
        return ScreenHTML.frame(title: model.title, status: model.status, body: body + "\n" + live, hints: model.keyHints,
                                warning: model.warning)
    }

    static func line(_ line: TrainingScreenModel.Line) -> String {
        switch line {
        case .blank: "<div class=\"blank\"></div>"
        case .centered(let text, let emphasis): "<p class=\"centered \(name(emphasis))\">" + HTMLText.escape(text) + "</p>"
        case .spans(let spans):
            "<p class=\"centered\">" + spans.map { HTMLText.element("span", $0.text, class: name($0.emphasis)) }.joined() + "</p>"
        case .buttons(let buttons, let enabled):
            "<p class=\"buttons\">" + buttons.map { ScreenHTML.button($0.label, key: $0.key, enabled: enabled) }.joined(separator: " ") + "</p>"
        case .tuner(let label, let commit, let enabled): tuner(label: label, commit: commit, enabled: enabled)
        case .text(let text): "<pre class=\"text\">" + HTMLText.escape(text) + "</pre>"
        case .paragraph(let text, let emphasis): "<p class=\"paragraph \(name(emphasis))\">" + HTMLText.escape(text) + "</p>"
        }
    }

    /// A relative slider: it starts in the middle each time it appears, and each move sends only how far it moved.
    static func tuner(label: String, commit: TrainingScreenModel.Button, enabled: Bool) -> String {
        "<p class=\"tuner\"><label>" + HTMLText.escape(label)
            + " <input type=\"range\" data-tuner min=\"-150\" max=\"150\" step=\"0.5\" value=\"0\"\(enabled ? "" : " disabled")></label> "
            + ScreenHTML.button(commit.label, key: commit.key, enabled: enabled, class: "commit") + "</p>"
    }

    /// The words of a line that say how the last answer went (good or bad).
    static func feedback(_ line: TrainingScreenModel.Line) -> [String] {
        switch line {
        case .spans(let spans): spans.filter { $0.emphasis == .good || $0.emphasis == .bad }.map(\.text)
        case .centered(let text, let emphasis), .paragraph(let text, let emphasis):
            emphasis == .good || emphasis == .bad ? [text] : []
        case .blank, .buttons, .tuner, .text: []
        }
    }

    static func name(_ emphasis: TrainingScreenModel.Emphasis) -> String {
        switch emphasis {
        case .plain: "plain"
        case .bold: "bold"
        case .dim: "dim"
        case .accent: "accent"
        case .good: "good"
        case .bad: "bad"
        }
    }
}
