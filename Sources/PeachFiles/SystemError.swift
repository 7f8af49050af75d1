#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was attempted on which path, the errno, and what the user can do about it.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let operation: String
    public let path: String
    public let code: Int32

    public init(_ operation: String, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var reason: String { String(cString: strerror(code)) }

    /// What to do next, in the user's terms.
    public var advice: String {
        switch code {
        case ENOSPC, EDQUOT: "The disk (or your quota) is full: free some space."
        case EACCES, EPERM: "Check the owner and permissions of \(path), or choose another directory with --data-dir."
        case EROFS: "The file system is read-only: remount it read-write, or choose another directory with --data-dir."
        case EIO: "The disk reported an I/O error: check it (dmesg) and back up the data directory."
        case ENOENT: "A directory on the way does not exist."
        case ENOTDIR: "A part of the path is a file, not a directory."
        default: "Check the data directory, or choose another with --data-dir."
        }
    }

    public var description: String { "\(operation) \(path) failed: \(reason) (errno \(code)). \(advice)" }
}
