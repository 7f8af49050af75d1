import PeachText

/// Something wrong found in the log that did not stop it from opening. Nothing is ever deleted:
/// a bad middle line stays in the file; a torn last line, or a header cut short, is moved to the `.corrupt` file.
public enum LogWarning: Hashable, Sendable, CustomStringConvertible {
    /// A line before the end could not be read; it was skipped and left where it is.
    case corruptLine(path: String, lineNumber: Int, reason: String)
    /// The last line was incomplete or unreadable (a crash or power loss while writing it).
    /// `movedTo` names the file it was appended to; nil when the log was opened read-only and left untouched.
    case tornLastLine(path: String, lineNumber: Int, byteCount: Int, reason: String, movedTo: String?)
    /// The file held only the beginning of its header, maybe then zeros or stale bytes (a crash or power loss
    /// moments after it was created), so no record. `movedTo` names the file the whole of it was appended to,
    /// after which the log started afresh; nil when the log was opened read-only and left untouched.
    case tornHeader(path: String, byteCount: Int, movedTo: String?)
    /// Lines of disciplines a newer Peach trains (`tags`): kept in the file as they are, not shown here.
    case newerRecords(path: String, count: Int, tags: [String])

    public var description: String {
        switch self {
        case .corruptLine(let path, let lineNumber, let reason):
            return tr(.logCorruptLine, ["path": path, "line": "\(lineNumber)", "reason": reason])
        case .tornLastLine(let path, let lineNumber, let byteCount, let reason, let movedTo):
            let what = tr(.logTornLastLine, count: byteCount, ["path": path, "line": "\(lineNumber)", "reason": reason])
            if let movedTo { return what + tr(.logMovedTo, ["path": movedTo]) }
            return what + tr(.logLeftInPlace)
        case .tornHeader(let path, let byteCount, let movedTo):
            let what = tr(.logTornHeader, count: byteCount, ["path": path])
            if let movedTo { return what + tr(.logHeaderMovedTo, ["path": movedTo]) }
            return what + tr(.logHeaderLeftInPlace)
        case .newerRecords(let path, let count, let tags):
            return tr(.logNewerRecords, count: count, ["tags": tags.joined(separator: ", "), "path": path,
                                                       "disciplines": tr(.logDisciplines, count: tags.count)])
        }
    }
}
