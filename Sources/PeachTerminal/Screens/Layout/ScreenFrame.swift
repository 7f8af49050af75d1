import PeachPresentation
import PeachText

/// The common layout of every screen: a title line, a rule, the body, a rule and a key-hint line,
/// always exactly `size.rows` lines of exactly `size.columns` columns.
public enum ScreenFrame {
    public static func compose(title: String, status: String = "", body: [String], keyHints: String,
                               size: TerminalSize, style: Styler) -> [String] {
        if size.isBelowMinimum { return tooSmall(size) }
        let width = size.columns
        let rule = style.dim(String(repeating: "─", count: width))
        let header = TextLayout.spread(" " + style.bold("Peach — " + title), status + " ", width: width)
        let bodyRows = size.rows - 4
        var lines = [header, rule]
        // Everything is indented by two columns; the body is cut to what fits.
        lines += body.prefix(bodyRows).map { TextLayout.fit($0.isEmpty ? "" : "  " + $0, width: width) }
        lines += Array(repeating: String(repeating: " ", count: width), count: max(bodyRows - body.count, 0))
        lines += [rule, TextLayout.fit(" " + keyHints, width: width)]
        return lines
    }

    /// What a terminal smaller than `TerminalSize.minimum` shows instead of a screen.
    public static func tooSmall(_ size: TerminalSize) -> [String] {
        let message = TextLayout.wrap(tr(.frameTooSmall, ["minimum": "\(TerminalSize.minimum)", "size": "\(size)"]),
                                      width: max(size.columns, 1))
        var lines = message.prefix(max(size.rows, 1)).map { TextLayout.fit($0, width: size.columns) }
        lines += Array(repeating: String(repeating: " ", count: max(size.columns, 0)), count: max(size.rows - lines.count, 0))
        return lines
    }
}

/// Turns screen lines into one string written in a single `write`: cursor home, each line followed
/// by clear-to-end-of-line, then clear-to-end-of-screen. No trailing newline, so the last row never
/// scrolls the screen.
public enum FrameRenderer {
    public static func frame(_ lines: [String]) -> String {
        ANSI.home + lines.map { $0 + ANSI.clearToEndOfLine }.joined(separator: "\r\n") + ANSI.clearToEndOfScreen
    }
}
