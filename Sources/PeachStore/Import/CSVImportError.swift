import PeachFormats
import PeachCore

/// Why an import wrote nothing (or stopped). Messages name the file's problem and the fix.
public enum CSVImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyFile
    /// Line 1 is not `# peach-export-format:N`.
    case missingFormatLine(firstLine: String)
    case unsupportedVersion(String)
    /// The header row is not the 19 format-3 columns in order.
    case wrongHeader(found: [String])
    case syntax(CSVSyntaxError)
    /// Some rows are invalid and `partial` was not requested: nothing was written.
    case invalidRows([CSVRowError])
    /// Writing to the log failed after `saved` of the `total` new records were written (they stay;
    /// a re-import skips them as duplicates).
    case saveFailed(StoreError, saved: Int, total: Int)

    public var description: String {
        switch self {
        case .emptyFile:
            return "The file is empty; expected a Peach CSV export starting with '\(PeachCSVFormat.metadataLine)'."
        case .missingFormatLine(let firstLine):
            return "The file does not start with '\(PeachCSVFormat.metadataLine)' (line 1 is \(Echo.quoted(firstLine))), "
                + "so it is not a Peach export. Export it again from Peach, or add that line if the columns match."
        case .unsupportedVersion(let version):
            return "The file is Peach export format version \(Echo.clipped(version)); this Peach imports version "
                + "\(PeachCSVFormat.version). Export it again from an up-to-date Peach."
        case .wrongHeader(let found):
            let expected = PeachCSVFormat.columns
            var parts = ["Line 2 should be the \(expected.count) column names of format \(PeachCSVFormat.version), "
                + "but it has \(found.count)"]
            let missing = expected.filter { !found.contains($0) }
            let unexpected = found.filter { !expected.contains($0) }
            if !missing.isEmpty { parts.append("missing: " + missing.joined(separator: ", ")) }
            if !unexpected.isEmpty { parts.append("unexpected: " + unexpected.prefix(5).map { Echo.quoted($0) }.joined(separator: ", ")
                + (unexpected.count > 5 ? " and \(unexpected.count - 5) more" : "")) }
            if missing.isEmpty && unexpected.isEmpty { parts.append("the columns are out of order") }
            return parts.joined(separator: "; ") + ". Nothing was imported."
        case .syntax(let error):
            return "The file is not valid CSV: \(error). Nothing was imported."
        case .invalidRows(let errors):
            let shown = errors.prefix(20).map { "  " + $0.description }
            let more = errors.count > 20 ? ["  … and \(errors.count - 20) more"] : []
            return (["\(errors.count) invalid row problem\(errors.count == 1 ? "" : "s"); nothing was imported. "
                + "Fix them, or import the valid rows with --partial:"] + shown + more).joined(separator: "\n")
        case .saveFailed(let error, let saved, let total):
            // Worded for an import, not for one training result: what is in, what is not, that
            // nothing is lost, and what to do.
            var cause = error.description
            var advice = ""
            if case .saveFailed(let system) = error {
                cause = "\(system.operation) \(system.path) failed: \(system.reason)"
                advice = system.advice + " "
            }
            return "Import stopped: \(cause). Saved: \(saved) of the \(total) new record\(total == 1 ? "" : "s") "
                + "(they are in your history now). Not saved: the other \(total - saved). Nothing is lost: the history "
                + "you had is intact, the log ends with its last complete record, and the CSV file is unchanged. "
                + advice + "Then run the same import again: the \(saved) record\(saved == 1 ? "" : "s") already saved "
                + "are recognised as duplicates and skipped."
        }
    }
}
