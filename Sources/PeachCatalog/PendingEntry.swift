/// The entry the parser is reading: its keywords in order (`msgctxt`, `msgid`, then either `msgstr` or, for a
/// counted text, `msgid_plural` and `msgstr[0]`, `msgstr[1]` …), each value growing by continuation lines until a
/// blank line or the end finishes it.
struct PendingEntry {
    private var values: [String: String] = [:]
    private var order: [String] = []
    private(set) var line = 0

    /// What a finished entry is: the header (no msgctxt, empty msgid), whose msgstr holds the catalog's fields,
    /// or a message.
    enum Finished {
        case header(fields: String)
        case entry(CatalogEntry)
    }

    mutating func start(_ keyword: String, value: String, line: Int, _ fail: (String) -> CatalogError) throws {
        guard let rank = Self.rank(of: keyword) else { throw fail("unknown keyword \(keyword)") }
        guard values[keyword] == nil else { throw fail("\(keyword) twice in one entry (is a blank line missing?)") }
        let isForm = Self.formIndex(of: keyword) != nil
        if keyword == "msgstr" || isForm, let other = order.first(where: { isForm ? $0 == "msgstr" : Self.formIndex(of: $0) != nil }) {
            throw fail("\(keyword) after \(other): an entry has one msgstr, or for a counted text (msgid_plural) "
                       + "msgstr[0], msgstr[1] …, not both")
        }
        guard order.allSatisfy({ Self.rank(of: $0)! < rank }) else {
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

    /// The finished entry; nil for nothing read. `pluralForms` is the catalog's (from its header), which says how
    /// many translations a counted text has.
    func finish(pluralForms: PluralForms?, _ fail: (String) -> CatalogError) throws -> Finished? {
        guard !order.isEmpty else { return nil }
        guard let english = values["msgid"], order.contains(where: Self.isTranslation) else {
            throw fail("an entry needs msgid and msgstr")
        }
        guard let id = values["msgctxt"] else {
            if english.isEmpty, values["msgid_plural"] == nil { return .header(fields: values["msgstr"] ?? "") }
            throw fail("the entry \"\(english.prefix(40))\" needs a msgctxt (its id)")
        }
        guard CatalogIdentifier.isValid(id) else {
            throw fail("msgctxt \"\(id)\" is not an id: lowercase words joined by dots, e.g. comparison.prompt")
        }
        guard let plural = values["msgid_plural"] else {
            guard let translation = values["msgstr"] else {
                throw fail("\(id): msgstr[0] is for a counted text: add its msgid_plural, or write msgstr")
            }
            return .entry(CatalogEntry(id: id, english: english, translation: translation, line: line))
        }
        let forms = try translations(of: id, pluralForms: pluralForms, fail)
        return .entry(CatalogEntry(id: id, english: english, englishPlural: plural, translations: forms, line: line))
    }

    /// A counted text's `msgstr[0]` … `msgstr[n - 1]`: one per form of the catalog's plural rule, numbered from 0.
    private func translations(of id: String, pluralForms: PluralForms?, _ fail: (String) -> CatalogError) throws -> [String] {
        guard let pluralForms else {
            throw fail("\(id) is counted (msgid_plural), so the catalog's header needs a Plural-Forms line, "
                       + "e.g. \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"")
        }
        let indices = order.compactMap(Self.formIndex(of:))
        guard values["msgstr"] == nil, indices == Array(0..<pluralForms.count) else {
            let found = values["msgstr"] != nil ? "msgstr" : indices.map { "msgstr[\($0)]" }.joined(separator: ", ")
            throw fail("\(id) is counted (msgid_plural): it needs msgstr[0] to msgstr[\(pluralForms.count - 1)], one for each "
                       + "of the \(pluralForms.count) forms of the header's Plural-Forms, in order; found \(found)")
        }
        return indices.map { values["msgstr[\($0)]"] ?? "" }
    }

    /// Where a keyword stands in an entry: msgctxt, msgid, msgid_plural, then msgstr or msgstr[0], msgstr[1] …
    private static func rank(of keyword: String) -> Int? {
        switch keyword {
        case "msgctxt": 0
        case "msgid": 1
        case "msgid_plural": 2
        case "msgstr": 3
        default: formIndex(of: keyword).map { 3 + $0 }
        }
    }

    /// 2 for "msgstr[2]"; nil for any other keyword.
    private static func formIndex(of keyword: String) -> Int? {
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]") else { return nil }
        let digits = keyword.dropFirst("msgstr[".count).dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.count < 3 else { return nil }
        return Int(digits)
    }

    private static func isTranslation(_ keyword: String) -> Bool { keyword == "msgstr" || formIndex(of: keyword) != nil }
}
