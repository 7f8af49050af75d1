import PeachFormats
import PeachCore
import PeachText

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
            return tr(.importEmptyFile, ["line": PeachCSVFormat.metadataLine])
        case .missingFormatLine(let firstLine):
            return tr(.importMissingFormatLine, ["line": PeachCSVFormat.metadataLine, "firstLine": Echo.quoted(firstLine)])
        case .unsupportedVersion(let version):
            return tr(.importUnsupportedVersion, ["version": Echo.clipped(version), "supported": "\(PeachCSVFormat.version)"])
        case .wrongHeader(let found):
            let expected = PeachCSVFormat.columns
            var parts = [tr(.importWrongHeaderCount, ["expected": "\(expected.count)", "version": "\(PeachCSVFormat.version)",
                                                      "found": "\(found.count)"])]
            let missing = expected.filter { !found.contains($0) }
            let unexpected = found.filter { !expected.contains($0) }
            if !missing.isEmpty { parts.append(tr(.importMissingColumns, ["columns": missing.joined(separator: ", ")])) }
            if !unexpected.isEmpty {
                parts.append(tr(.importUnexpectedColumns, ["columns": unexpected.prefix(5).map { Echo.quoted($0) }.joined(separator: ", ")
                    + (unexpected.count > 5 ? tr(.importAndMore, count: unexpected.count - 5) : "")]))
            }
            if missing.isEmpty && unexpected.isEmpty { parts.append(tr(.importOutOfOrder)) }
            return tr(.importNothingWasImported, ["problems": parts.joined(separator: "; ")])
        case .syntax(let error):
            return tr(.importInvalidCSV, ["error": "\(error)"])
        case .invalidRows(let errors):
            let shown = errors.prefix(20).map { "  " + $0.description }
            let more = errors.count > 20 ? [tr(.importMoreProblems, count: errors.count - 20)] : []
            return ([tr(.importInvalidRows, count: errors.count)] + shown + more)
                .joined(separator: "\n")
        case .saveFailed(let error, let saved, let total):
            // Worded for an import, not for one training result: what is in, what is not, that
            // nothing is lost, and what to do.
            var cause = error.description
            var advice = ""
            if case .saveFailed(let system) = error {
                cause = tr(.importFailedCall, ["operation": system.operation, "path": system.path, "reason": system.reason])
                advice = system.advice + " "
            }
            func records(_ count: Int) -> String { tr(.importRecords, count: count) }
            return tr(.importStopped, ["cause": cause, "saved": "\(saved)", "total": "\(total)", "records": records(total),
                                       "unsaved": "\(total - saved)", "advice": advice, "savedRecords": records(saved)])
        }
    }
}
