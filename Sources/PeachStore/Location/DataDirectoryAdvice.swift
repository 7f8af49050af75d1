#if canImport(Glibc)
import Glibc
#endif
import PeachSystem
import PeachText

/// What the user can do when a system call on the data directory fails: the store's messages
/// (`StoreError`, `CSVImportError`) add it to the failed call.
extension SystemError {
    public var advice: String {
        switch code {
        case ENOSPC, EDQUOT: tr(.adviceFull)
        case EACCES, EPERM: tr(.advicePermissions, ["path": path])
        case EROFS: tr(.adviceReadOnly)
        case EIO: tr(.adviceIoError)
        case ENOENT: tr(.adviceMissingDirectory)
        case ENOTDIR: tr(.adviceNotDirectory)
        default: tr(.adviceOther)
        }
    }

    /// The failed call, then the advice: how the store's messages show it.
    public var explained: String { "\(description). \(advice)" }
}
