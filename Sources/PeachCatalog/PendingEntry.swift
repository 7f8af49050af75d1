/// The entry the parser is reading: its keywords in order (`msgctxt`, `msgid`, `msgstr`), each value
/// growing by continuation lines until a blank line or the end finishes it.
struct PendingEntry {
    private var values: [String: String] = [:]
    private var order: [String] = []
    private(set) var line = 0

    private static let keywords = ["msgctxt", "msgid", "msgstr"]

    mutating func start(_ keyword: String, value: String, line: Int, _ fail: (String) -> CatalogError) throws {
        guard let position = Self.keywords.firstIndex(of: keyword) else { throw fail("unknown keyword \(keyword)") }
        guard values[keyword] == nil else { throw fail("\(keyword) twice in one entry (is a blank line missing?)") }
        guard order.allSatisfy({ Self.keywords.firstIndex(of: $0)! < position }) else {
            throw fail("\(keyword) must come before \(order.last ?? "")")
        }
        if order.isEmpty { self.line = line }
        values[keyword] = value
        order.append(keyword)
    }

    mutating func continueLast(with value: String, _ fail: (String) -> CatalogError) throws {
        guard let last = order.last else { throw fail("a continued string needs a msgctxt, msgid or msgstr before it") }
        values[last, default: ""] += value
    }

    /// The finished entry; nil for nothing read or the header (no msgctxt, empty msgid).
    func finish(_ fail: (String) -> CatalogError) throws -> CatalogEntry? {
        guard !order.isEmpty else { return nil }
        guard let english = values["msgid"], let translation = values["msgstr"] else {
            throw fail("an entry needs msgid and msgstr")
        }
        guard let id = values["msgctxt"] else {
            if english.isEmpty { return nil }
            throw fail("the entry \"\(english.prefix(40))\" needs a msgctxt (its id)")
        }
        guard CatalogIdentifier.isValid(id) else {
            throw fail("msgctxt \"\(id)\" is not an id: lowercase words joined by dots, e.g. comparison.prompt")
        }
        return CatalogEntry(id: id, english: english, translation: translation, line: line)
    }
}
