import Foundation

/// A configuration file split into lines, each keeping its original text so the writer can change
/// one value and leave comments, blank lines and unknown keys exactly as the user wrote them.
public struct ConfigDocument: Hashable, Sendable {
    public enum LineKind: Hashable, Sendable {
        case blank
        case comment
        case section(String)
        /// `key = value`; the value is unquoted, without its trailing `# comment`.
        case entry(key: String, value: String)
        /// Neither of the above: reported as a warning and kept as is.
        case malformed
    }

    public struct Line: Hashable, Sendable {
        /// 1-based, as editors show it.
        public let number: Int
        public let text: String
        public let kind: LineKind
        /// The section this line belongs to ("" before the first section header).
        public let section: String
    }

    public let lines: [Line]

    public init(text: String) {
        var section = ""
        var lines: [Line] = []
        // Keep "\r\n" files working; a trailing newline does not make an extra line.
        var rawLines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        if rawLines.last == "" { rawLines.removeLast() }
        for (index, raw) in rawLines.enumerated() {
            let kind = Self.classify(raw)
            if case .section(let name) = kind { section = name }
            lines.append(Line(number: index + 1, text: raw, kind: kind, section: section))
        }
        self.lines = lines
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") + (lines.isEmpty ? "" : "\n") }

    static func classify(_ raw: String) -> LineKind {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .blank }
        if trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { return .comment }
        if trimmed.hasPrefix("[") {
            guard trimmed.hasSuffix("]") else { return .malformed }
            let name = trimmed.dropFirst().dropLast().trimmingCharacters(in: .whitespaces).lowercased()
            return name.isEmpty ? .malformed : .section(name)
        }
        guard let equals = trimmed.firstIndex(of: "=") else { return .malformed }
        let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty, !key.contains(" ") else { return .malformed }
        let value = valueText(String(trimmed[trimmed.index(after: equals)...]))
        return .entry(key: key, value: value)
    }

    /// `"quoted # text"` keeps everything inside the quotes; otherwise a `#` after whitespace
    /// starts a comment (so `soundfont = /x/a#b.sf2` still works).
    static func valueText(_ raw: String) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("\""), let closing = trimmed.dropFirst().firstIndex(of: "\"") {
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<closing])
        }
        var previousWasSpace = false
        for index in trimmed.indices {
            let character = trimmed[index]
            if character == "#" && previousWasSpace {
                return trimmed[..<index].trimmingCharacters(in: .whitespaces)
            }
            previousWasSpace = character == " " || character == "\t"
        }
        return trimmed
    }
}
