#if canImport(Glibc)
import Glibc
#endif
import PeachFiles

/// What the user can do when a system call on the data directory fails: the store's messages
/// (`StoreError`, `CSVImportError`) add it to the failed call.
extension SystemError {
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

    /// The failed call, then the advice: how the store's messages show it.
    public var explained: String { "\(description). \(advice)" }
}
