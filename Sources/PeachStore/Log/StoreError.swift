import PeachFormats
import PeachCore
import PeachSystem
import PeachText

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
            tr(.storeCannotOpen, ["error": error.explained])
        case .lockedByAnotherProcess(let directory, let lockPath, let pid):
            tr(.storeLocked, ["pid": pid.map { " (PID \($0))" } ?? "", "directory": directory, "lock": lockPath])
        case .cannotLock(let error):
            tr(.storeCannotLock, ["error": error.explained])
        case .notAPeachLog(let path, let firstLine):
            tr(.storeNotAPeachLog, ["path": path, "firstLine": Echo.quoted(firstLine), "header": LogFormat.headerLine])
        case .unsupportedVersion(let path, let version):
            tr(.storeUnsupportedVersion, ["path": path, "version": version, "supported": "\(LogFormat.version)"])
        case .recoveryFailed(let error):
            tr(.storeRecoveryFailed, ["error": error.explained])
        case .saveFailed(let error):
            tr(.storeSaveFailed, ["error": error.explained])
        case .unrepresentable(let error):
            error.description
        }
    }
}
