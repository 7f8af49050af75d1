import PeachCore

/// A training screen a discipline describes without drawing it: lines of a few kinds, styled and fitted by
/// the terminal when it renders. A discipline whose screen is not the comparison or pitch-matching screen
/// (the timing disciplines) fills one of these from its folder; the terminal needs no new screen for it.
public struct TrainingScreenModel: Hashable, Sendable {
    public enum Emphasis: Hashable, Sendable {
        case plain, bold, dim, accent, good, bad
    }

    public enum Line: Hashable, Sendable {
        case blank
        /// Centered in the body.
        case centered(String, Emphasis)
        /// Buttons side by side, centered: bracketed (and bold) when enabled, dimmed otherwise.
        case buttons([String], enabled: Bool)
        /// Left-aligned.
        case text(String)
        /// Centered lines, wrapped at word boundaries to the screen's width (a result card).
        case paragraph(String, Emphasis)
    }

    public var title: String
    public var status: String
    public var lines: [Line]
    public var keyHints: String
    public var warning: StatusWarning?

    public init(title: String, status: String, lines: [Line], keyHints: String, warning: StatusWarning? = nil) {
        self.title = title
        self.status = status
        self.lines = lines
        self.keyHints = keyHints
        self.warning = warning
    }
}

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
        case .buttons(let labels, let enabled):
            [TextLayout.center(labels.map { ComparisonScreen.button($0, enabled: enabled, style: style) }
                .joined(separator: "      "), width: width)]
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
}
