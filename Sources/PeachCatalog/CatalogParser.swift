/// Reads the gettext subset Peach's catalogs use (`po/peach.pot`, `po/de.po`): entries of `msgctxt`,
/// `msgid` and `msgstr`, each a quoted string that may continue on following lines that hold only a
/// quoted string; `#` comments; blank lines between entries; the escapes \" \\ \n \t. The header entry
/// (empty `msgid`, no `msgctxt`) is skipped. Anything else is an error with its line, so a stray quote
/// in a translation is found by the tests rather than shipped.
public enum CatalogParser {
    public static func parse(_ text: String, file: String) throws -> [CatalogEntry] {
        var entries: [CatalogEntry] = []
        var pending = PendingEntry()
        var ids: Set<String> = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingWhitespace()
            let number = offset + 1
            func fail(_ message: String) -> CatalogError { CatalogError(file: file, line: number, message: message) }
            if line.isEmpty || line.hasPrefix("#") {
                if line.isEmpty, let entry = try pending.finish(fail) { try add(entry, to: &entries, ids: &ids, fail) }
                if line.isEmpty { pending = PendingEntry() }
                continue
            }
            if line.hasPrefix("\"") {
                try pending.continueLast(with: unquote(line, fail), fail)
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace })
            let rest = line.dropFirst(keyword.count).trimmingWhitespace()
            try pending.start(keyword, value: unquote(rest, fail), line: number, fail)
        }
        if let entry = try pending.finish({ CatalogError(file: file, line: pending.line, message: $0) }) {
            try add(entry, to: &entries, ids: &ids) { CatalogError(file: file, line: entry.line, message: $0) }
        }
        return entries
    }

    private static func add(_ entry: CatalogEntry, to entries: inout [CatalogEntry], ids: inout Set<String>,
                            _ fail: (String) -> CatalogError) throws {
        guard ids.insert(entry.id).inserted else { throw fail("msgctxt \"\(entry.id)\" appears twice") }
        entries.append(entry)
    }

    /// The text of a quoted string, escapes resolved: `"a \"b\"\n"` → `a "b"` and a newline.
    static func unquote(_ quoted: Substring, _ fail: (String) -> CatalogError) throws -> String {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else {
            throw fail("expected a quoted string, found \(quoted.isEmpty ? "nothing" : String(quoted))")
        }
        var result = ""
        var escaping = false
        for character in quoted.dropFirst().dropLast() {
            if escaping {
                guard let resolved = escapes[character] else { throw fail("unknown escape \\\(character)") }
                result.append(resolved)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                throw fail("a quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaping { throw fail("the string ends in a lone backslash") }
        return result
    }

    private static let escapes: [Character: Character] = ["\"": "\"", "\\": "\\", "n": "\n", "t": "\t"]
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let trimmedStart = drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        var end = trimmedStart.endIndex
        while end > trimmedStart.startIndex {
            let before = trimmedStart.index(before: end)
            guard trimmedStart[before] == " " || trimmedStart[before] == "\t" || trimmedStart[before] == "\r" else { break }
            end = before
        }
        return Substring(trimmedStart[..<end])
    }
}
