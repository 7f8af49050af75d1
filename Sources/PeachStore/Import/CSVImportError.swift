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
    /// Writing to the log failed after `saved` records were written (they stay; a re-import skips them).
    case saveFailed(StoreError, saved: Int)

    public var description: String {
        switch self {
        case .emptyFile:
            return "The file is empty; expected a Peach CSV export starting with '\(PeachCSVFormat.metadataLine)'."
        case .missingFormatLine(let firstLine):
            return "The file does not start with '\(PeachCSVFormat.metadataLine)' (line 1 is '\(firstLine)'), "
                + "so it is not a Peach export. Export it again from Peach, or add that line if the columns match."
        case .unsupportedVersion(let version):
            return "The file is Peach export format version \(version); this Peach imports version "
                + "\(PeachCSVFormat.version). Export it again from an up-to-date Peach."
        case .wrongHeader(let found):
            let expected = PeachCSVFormat.columns
            var parts = ["Line 2 should be the \(expected.count) column names of format \(PeachCSVFormat.version), "
                + "but it has \(found.count)"]
            let missing = expected.filter { !found.contains($0) }
            let unexpected = found.filter { !expected.contains($0) }
            if !missing.isEmpty { parts.append("missing: " + missing.joined(separator: ", ")) }
            if !unexpected.isEmpty { parts.append("unexpected: " + unexpected.joined(separator: ", ")) }
            if missing.isEmpty && unexpected.isEmpty { parts.append("the columns are out of order") }
            return parts.joined(separator: "; ") + ". Nothing was imported."
        case .syntax(let error):
            return "The file is not valid CSV: \(error). Nothing was imported."
        case .invalidRows(let errors):
            let shown = errors.prefix(20).map { "  " + $0.description }
            let more = errors.count > 20 ? ["  … and \(errors.count - 20) more"] : []
            return (["\(errors.count) invalid row problem\(errors.count == 1 ? "" : "s"); nothing was imported. "
                + "Fix them, or import the valid rows with --partial:"] + shown + more).joined(separator: "\n")
        case .saveFailed(let error, let saved):
            return "Import stopped after saving \(saved) records (they are kept; importing the file again "
                + "skips them as duplicates): \(error)"
        }
    }
}
