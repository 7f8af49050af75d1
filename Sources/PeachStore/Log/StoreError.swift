import PeachFormats
import PeachCore
import PeachFiles

/// Why the training log could not be opened or a record not saved. Every message says where, why,
/// and what to do.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The directory or log could not be created, opened or read.
    case cannotOpen(SystemError)
    /// Another process holds the writer lock. `pid` is what that process wrote into the lock file, if readable.
    case lockedByAnotherProcess(directory: String, lockPath: String, pid: Int32?)
    /// The lock itself could not be taken (e.g. a file system without locks).
    case cannotLock(SystemError)
    /// The log file exists but does not start with the Peach header: refuse to append to someone else's file.
    case notAPeachLog(path: String, firstLine: String)
    /// Written by a newer Peach; reading it could misinterpret, appending could corrupt it.
    case unsupportedVersion(path: String, version: String)
    /// Moving a torn last line aside failed, so appending now could glue new records onto it.
    case recoveryFailed(SystemError)
    /// Writing or flushing a record failed; the log was rolled back to its last complete line.
    case saveFailed(SystemError)
    case unrepresentable(LogEncodingError)

    public var description: String {
        switch self {
        case .cannotOpen(let error):
            "Cannot open the training log: \(error.explained)"
        case .lockedByAnotherProcess(let directory, let lockPath, let pid):
            "Another Peach process\(pid.map { " (PID \($0))" } ?? "") is already training with the data directory "
                + "\(directory) (lock \(lockPath)). Quit it first, or use --data-dir for a separate history. "
                + "Read-only commands such as export and profile still work."
        case .cannotLock(let error):
            "Cannot take the writer lock, so two Peach processes could mix their records: \(error.explained)"
        case .notAPeachLog(let path, let firstLine):
            "\(path) is not a Peach training log (its first line is \(Echo.quoted(firstLine)), expected '\(LogFormat.headerLine)'). "
                + "It was left untouched; move it away or choose another directory with --data-dir."
        case .unsupportedVersion(let path, let version):
            "\(path) has log format version \(version); this Peach reads version \(LogFormat.version). "
                + "It was left untouched; use the newer Peach that wrote it."
        case .recoveryFailed(let error):
            "Cannot move the torn last line of the training log aside, so nothing will be appended to it: \(error.explained)"
        case .saveFailed(let error):
            "The training result was not saved: \(error.explained)"
        case .unrepresentable(let error):
            error.description
        }
    }
}
