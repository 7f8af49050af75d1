/// One message of a catalog: `msgctxt` is its stable id (what the code names), `msgid` the English text,
/// `msgstr` the translation (empty in the English template, `po/peach.pot`).
public struct CatalogEntry: Hashable, Sendable {
    public var id: String
    public var english: String
    public var translation: String
    /// The line of the entry's `msgctxt`, for messages about it.
    public var line: Int

    public init(id: String, english: String, translation: String, line: Int) {
        self.id = id
        self.english = english
        self.translation = translation
        self.line = line
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
