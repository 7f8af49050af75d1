import PeachPresentation

public enum TrainingScreen {
    public static func render(_ model: TrainingScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let width = size.columns - 2
        var body = model.lines.flatMap { lines(for: $0, width: width, style: style) }
        if let warning = model.warning { body += [""] + warning.renderedLines(width: width, style: style) }
        return ScreenFrame.compose(title: model.title, status: model.status, body: body, keyHints: model.keyHints,
                                   size: size, style: style)
    }

    static func lines(for line: TrainingScreenModel.Line, width: Int, style: Styler) -> [String] {
        switch line {
        case .blank: [""]
        case .centered(let text, let emphasis): [TextLayout.center(styled(text, emphasis, style), width: width)]
        case .spans(let spans):
            [TextLayout.center(spans.map { styled($0.text, $0.emphasis, style) }.joined(), width: width)]
        case .buttons(let buttons, let enabled):
            [TextLayout.center(buttons.map { button($0.label, enabled: enabled, style: style) }
                .joined(separator: "      "), width: width)]
        case .tuner: []
        case .text(let text): [text]
        case .paragraph(let text, let emphasis):
            TextLayout.wrap(text, width: max(width - 4, 20)).map { TextLayout.center(styled($0, emphasis, style), width: width) }
        }
    }

    static func styled(_ text: String, _ emphasis: TrainingScreenModel.Emphasis, _ style: Styler) -> String {
        switch emphasis {
        case .plain: text
        case .bold: style.bold(text)
        case .dim: style.dim(text)
        case .accent: style.accent(text)
        case .good: style.good(text)
        case .bad: style.bad(text)
        }
    }

    /// Enabled buttons are bracketed (and bold); disabled ones lose the brackets (and are dimmed),
    /// so the state reads the same with and without colour.
    static func button(_ label: String, enabled: Bool, style: Styler) -> String {
        enabled ? style.bold("[ \(label) ]") : style.dim("  \(label)  ")
    }
}
