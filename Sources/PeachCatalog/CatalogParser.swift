/// Reads the gettext subset Peach's catalogs use (`po/peach.pot`, `po/de.po`): entries of `msgctxt`,
/// `msgid` and `msgstr` — or, for a counted text, `msgctxt`, `msgid`, `msgid_plural` and `msgstr[0]`, `msgstr[1]` …
/// — each a quoted string that may continue on following lines that hold only a quoted string; `#` comments; blank
/// lines between entries; the escapes \" \\ \n \t. The header entry (empty `msgid`, no `msgctxt`) gives the
/// catalog's `Plural-Forms`, which counted texts need. Anything else is an error with its line, so a stray quote
/// in a translation is found by the tests rather than shipped.
public enum CatalogParser {
    public static func parse(_ text: String, file: String) throws -> Catalog {
        var catalog = Catalog(pluralForms: nil, entries: [])
        var pending = PendingEntry()
        var ids: Set<String> = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingWhitespace()
            let number = offset + 1
            if line.isEmpty || line.hasPrefix("#") {
                if line.isEmpty {
                    try finish(pending, into: &catalog, ids: &ids, file: file)
                    pending = PendingEntry()
                }
                continue
            }
            func fail(_ message: String) -> CatalogError { CatalogError(file: file, line: number, message: message) }
            if line.hasPrefix("\"") {
                try pending.continueLast(with: unquote(line, fail), fail)
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace })
            let rest = line.dropFirst(keyword.count).trimmingWhitespace()
            try pending.start(keyword, value: unquote(rest, fail), line: number, fail)
        }
        try finish(pending, into: &catalog, ids: &ids, file: file)
        return catalog
    }

    /// Adds the entry `pending` holds, or takes the plural rule from the header; errors name the entry's first line.
    private static func finish(_ pending: PendingEntry, into catalog: inout Catalog, ids: inout Set<String>,
                               file: String) throws {
        func fail(_ message: String) -> CatalogError { CatalogError(file: file, line: pending.line, message: message) }
        switch try pending.finish(pluralForms: catalog.pluralForms, fail) {
        case nil:
            return
        case .header(let fields):
            catalog.pluralForms = try pluralForms(inHeader: fields, fail)
        case .entry(let entry):
            guard ids.insert(entry.id).inserted else { throw fail("msgctxt \"\(entry.id)\" appears twice") }
            catalog.entries.append(entry)
        }
    }

    /// The header's `Plural-Forms: nplurals=2; plural=(n != 1);` field; nil when it has none.
    static func pluralForms(inHeader fields: String, _ fail: (String) -> CatalogError) throws -> PluralForms? {
        let name = "Plural-Forms:"
        guard let field = fields.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        switch PluralForms.parse(String(field.dropFirst(name.count))) {
        case .success(let forms): return forms
        case .failure(let error): throw fail("the header's Plural-Forms \(error.message)")
        }
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
