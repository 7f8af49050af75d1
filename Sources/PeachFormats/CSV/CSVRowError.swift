import PeachText

/// One problem with one imported row. `row` is the file line the row starts on (line 1 is the
/// `# peach-export-format` line); `column` is nil for whole-row problems such as a wrong cell count.
public struct CSVRowError: Equatable, Sendable, CustomStringConvertible {
    public var row: Int
    public var column: String?
    public var reason: String

    public init(row: Int, column: String?, reason: String) {
        self.row = row
        self.column = column
        self.reason = reason
    }

    public var description: String {
        (column.map { tr(.csvRowColumn, ["row": "\(row)", "column": $0]) } ?? tr(.csvRow, ["row": "\(row)"])) + ": " + reason
    }
}
