import PeachFormats
/// What an import did, for the user: counts, and every invalid row with its reason.
public struct ImportSummary: Equatable, Sendable, CustomStringConvertible {
    /// Records newly appended to the log.
    public var imported: Int
    /// Rows already in the history (or earlier in the same file): same type, timestamp and notes.
    public var duplicates: Int
    /// Rows of training types Peach for Linux does not train, by type.
    public var skipped: [String: Int]
    /// Problems of rows that were not imported (only non-empty with `partial`).
    public var invalid: [CSVRowError]

    public var skippedCount: Int { skipped.values.reduce(0, +) }
    /// Rows with at least one problem.
    public var invalidRowCount: Int { Set(invalid.map(\.row)).count }

    public var description: String {
        var lines = ["Imported \(imported) record\(imported == 1 ? "" : "s"); \(duplicates) duplicate\(duplicates == 1 ? "" : "s") "
            + "skipped; \(skippedCount) row\(skippedCount == 1 ? "" : "s") of other training types skipped; "
            + "\(invalidRowCount) invalid row\(invalidRowCount == 1 ? "" : "s") not imported."]
        if !skipped.isEmpty {
            lines.append("Skipped (Peach for Linux does not train these): "
                + skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        lines += invalid.map { "  " + $0.description }
        return lines.joined(separator: "\n")
    }
}
