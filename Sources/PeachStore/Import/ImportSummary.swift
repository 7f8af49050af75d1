import PeachFormats
import PeachText
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
        let counts = [tr(.importSummaryImported, count: imported), tr(.importSummaryDuplicates, count: duplicates),
                      tr(.importSummaryOtherTypes, count: skippedCount), tr(.importSummaryInvalid, count: invalidRowCount)]
        var lines = [counts.joined(separator: "; ") + "."]
        if !skipped.isEmpty {
            lines.append(tr(.importSummarySkippedTypes,
                            ["types": skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")]))
        }
        lines += invalid.map { "  " + $0.description }
        return lines.joined(separator: "\n")
    }
}
