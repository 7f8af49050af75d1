import PeachFormats
import PeachCore

/// A checked Peach CSV file, before merging: the readable records and what was wrong with the rest.
public struct ParsedCSV: Sendable {
    public var records: [TrainingRecord] = []
    /// Rows of training types Peach for Linux does not train, by type.
    public var skipped: [String: Int] = [:]
    public var invalid: [CSVRowError] = []
}
