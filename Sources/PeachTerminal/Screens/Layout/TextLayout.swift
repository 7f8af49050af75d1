import PeachPresentation

/// Width-aware padding and truncation for lines that may contain SGR escape sequences.
/// Peach draws only single-width characters (ASCII, arrows, box drawing, blocks, ✓ ✗), so one
/// Character is one column.
public enum TextLayout {
    /// Columns the text occupies on screen (escape sequences take none).
    public static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// Exactly `width` columns: cut (keeping escape sequences, and resetting the style if a
    /// styled run was cut) or padded with spaces.
    public static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        let visible = visibleWidth(text)
        if visible <= width { return text + String(repeating: " ", count: width - visible) }
        var result = ""
        var columns = 0
        var inEscape = false
        var styled = false
        for character in text {
            if inEscape {
                result.append(character)
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
                styled = true
                result.append(character)
            } else {
                guard columns < width else { continue }
                result.append(character)
                columns += 1
            }
        }
        return styled ? result + ANSI.resetStyle : result
    }

    /// Plain text cut to `width` columns with "…" marking the cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + "…"
    }

    public static func center(_ text: String, width: Int) -> String {
        let visible = visibleWidth(text)
        guard visible < width else { return fit(text, width: width) }
        return fit(String(repeating: " ", count: (width - visible) / 2) + text, width: width)
    }

    /// `left` and `right` on one line of `width` columns, `right` flush right; `left` is cut first.
    public static func spread(_ left: String, _ right: String, width: Int) -> String {
        let rightWidth = visibleWidth(right)
        guard rightWidth < width else { return fit(right, width: width) }
        return fit(left, width: width - rightWidth - 1) + " " + right
    }

    /// Greedy word wrap for plain text.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
