/// One message of a catalog: `msgctxt` is its stable id (what the code names), `msgid` the English text,
/// `msgstr` the translation (empty in the English template, `po/peach.pot`). A counted text ("1 answer",
/// "3 answers") also has `msgid_plural`, the English for more than one, and one translation per plural form of
/// its catalog (`msgstr[0]`, `msgstr[1]` …, in the order the catalog's `Plural-Forms` rule numbers them).
public struct CatalogEntry: Hashable, Sendable {
    public var id: String
    public var english: String
    /// `msgid_plural`; nil for a text that is not counted.
    public var englishPlural: String?
    /// `msgstr` alone, or a counted text's `msgstr[0]`, `msgstr[1]` …
    public var translations: [String]
    /// The line of the entry's `msgctxt`, for messages about it.
    public var line: Int

    /// A text that is not counted.
    public init(id: String, english: String, translation: String, line: Int) {
        self.init(id: id, english: english, englishPlural: nil, translations: [translation], line: line)
    }

    /// A counted text (`englishPlural` set) or not.
    public init(id: String, english: String, englishPlural: String?, translations: [String], line: Int) {
        self.id = id
        self.english = english
        self.englishPlural = englishPlural
        self.translations = translations
        self.line = line
    }

    public var isCounted: Bool { englishPlural != nil }

    /// The English forms: the text alone, or one thing's and more things' (English numbers them 0 and 1).
    public var englishForms: [String] { [english] + (englishPlural.map { [$0] } ?? []) }

    /// The translation of a text that is not counted (a counted text's first form).
    public var translation: String { translations.first ?? "" }

    /// Whether every form is translated.
    public var isTranslated: Bool { !translations.isEmpty && translations.allSatisfy { !$0.isEmpty } }
}

/// A catalog file read: its plural rule (from the header; nil when it has none) and its entries in order.
public struct Catalog: Hashable, Sendable {
    public var pluralForms: PluralForms?
    public var entries: [CatalogEntry]

    public init(pluralForms: PluralForms?, entries: [CatalogEntry]) {
        self.pluralForms = pluralForms
        self.entries = entries
    }
}

/// A catalog that cannot be read, with the line that says why.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
