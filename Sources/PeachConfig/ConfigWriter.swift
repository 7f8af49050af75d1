import Foundation

/// Changed values written back into the user's file's text, touching only the lines of those keys: comments,
/// blank lines, unknown keys and the order of everything else stay as the user wrote them (`save`, in
/// PeachConfigFiles, writes the file).
public enum ConfigWriter {
    public struct Change: Hashable, Sendable {
        public var key: ConfigKey
        public var value: ConfigValue
        public init(_ key: ConfigKey, _ value: ConfigValue) {
            self.key = key
            self.value = value
        }
    }

    /// `original` with every change applied: an existing `key = value` line gets the new value
    /// (keeping its indentation and trailing comment), a missing key is added at the end of its
    /// section, and a missing section is appended.
    public static func updating(_ original: String, with changes: [Change]) -> String {
        var lines = ConfigDocument(text: original).lines.map(\.text)
        for change in changes {
            let document = ConfigDocument(text: lines.joined(separator: "\n"))
            let written = formatted(change.value)
            if let existing = document.lines.last(where: { change.key.isSet(by: $0) }) {
                lines[existing.number - 1] = replacingValue(in: existing.text, with: written)
            } else if let lastInSection = document.lines.last(where: { line in
                line.section == change.key.section && line.kind != .blank
            }) {
                lines.insert(entryLine(change.key, change.value), at: lastInSection.number)
            } else {
                if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
                lines.append("[\(change.key.section)]")
                lines.append(entryLine(change.key, change.value))
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// `name = value`, or `name =` for an empty value (no trailing blank).
    static func entryLine(_ key: ConfigKey, _ value: ConfigValue) -> String {
        let written = formatted(value)
        return written.isEmpty ? "\(key.name) =" : "\(key.name) = \(written)"
    }

    /// Text that parses back to the same value: quoted when it would otherwise lose spaces or a `#`.
    static func formatted(_ value: ConfigValue) -> String {
        let text = value.description
        let needsQuotes = text != text.trimmingCharacters(in: .whitespaces) || text.contains("#") || text.hasPrefix("\"")
        return needsQuotes ? "\"\(text)\"" : text
    }

    /// Keeps everything up to and including `=` and the space after it, and a trailing ` # comment`.
    static func replacingValue(in line: String, with value: String) -> String {
        guard let equals = line.firstIndex(of: "=") else { return line }
        let head = line[...equals]
        let rest = line[line.index(after: equals)...]
        let leadingSpace = rest.prefix { $0 == " " || $0 == "\t" }
        let comment = trailingComment(of: String(rest.dropFirst(leadingSpace.count)))
        guard !value.isEmpty || !comment.isEmpty else { return String(head) }
        return head + (leadingSpace.isEmpty ? " " : String(leadingSpace)) + value + comment
    }

    /// The ` # comment` part after a value (same rule as the parser: quotes protect, `#` after whitespace).
    private static func trailingComment(of valuePart: String) -> String {
        var index = valuePart.startIndex
        if valuePart.hasPrefix("\""), let closing = valuePart.dropFirst().firstIndex(of: "\"") {
            index = valuePart.index(after: closing)
        }
        var whitespaceStart: String.Index?
        while index < valuePart.endIndex {
            let character = valuePart[index]
            if character == " " || character == "\t" {
                if whitespaceStart == nil { whitespaceStart = index }
            } else if character == "#", let start = whitespaceStart {
                return String(valuePart[start...])
            } else {
                whitespaceStart = nil
            }
            index = valuePart.index(after: index)
        }
        return ""
    }
}
