/// Something wrong found in the log that did not stop it from opening. Nothing is ever deleted:
/// a bad middle line stays in the file; a torn last line is moved to the `.corrupt` file.
public enum LogWarning: Hashable, Sendable, CustomStringConvertible {
    /// A line before the end could not be read; it was skipped and left where it is.
    case corruptLine(path: String, lineNumber: Int, reason: String)
    /// The last line was incomplete or unreadable (a crash or power loss while writing it).
    /// `movedTo` names the file it was appended to; nil when the log was opened read-only and left untouched.
    case tornLastLine(path: String, lineNumber: Int, byteCount: Int, reason: String, movedTo: String?)
    /// Lines of disciplines a newer Peach trains (`tags`): kept in the file as they are, not shown here.
    case newerRecords(path: String, count: Int, tags: [String])

    public var description: String {
        switch self {
        case .corruptLine(let path, let lineNumber, let reason):
            return "\(path) line \(lineNumber) is unreadable (\(reason)); it was skipped and left in the file. "
                + "Fix or delete that line by hand if you know what it should be."
        case .tornLastLine(let path, let lineNumber, let byteCount, let reason, let movedTo):
            let what = "\(path) line \(lineNumber), the last one, is incomplete (\(reason); \(byteCount) bytes), "
                + "probably from a crash or power loss while it was written"
            if let movedTo { return what + ". It was moved to \(movedTo) so that new records append cleanly." }
            return what + ". It was left in place (read-only open); the next training session moves it aside."
        case .newerRecords(let path, let count, let tags):
            return "\(count) record\(count == 1 ? "" : "s") of a newer Peach kept, not shown (\(tags.joined(separator: ", ")) "
                + "in \(path)): this version does not know \(tags.count == 1 ? "that discipline" : "those disciplines"). "
                + "They stay in the file for the newer version."
        }
    }
}
