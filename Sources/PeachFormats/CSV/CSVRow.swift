/// One CSV record: its fields and the file line it starts on (1-based, counting the
/// `# peach-export-format` line as line 1), which is the "row number" every import message uses,
/// because that is what a text editor shows.
public struct CSVRow: Equatable, Sendable {
    public var lineNumber: Int
    public var fields: [String]

    public init(lineNumber: Int, fields: [String]) {
        self.lineNumber = lineNumber
        self.fields = fields
    }

    /// An empty line (a trailing newline, a blank line): ignored rather than reported.
    public var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
}
