#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says about a file: its kind, size and last modification (symbolic links followed).
public struct FileStatus: Equatable, Sendable {
    public let kind: FileKind
    public let size: Int64
    /// The last modification, as seconds and nanoseconds since 1970 (UTC).
    public let modifiedSeconds: Int
    public let modifiedNanoseconds: Int

    init(_ info: stat) {
        kind = FileKind(mode: info.st_mode)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }

    /// The status of `path`; the error's code says why there is none (ENOENT: it does not exist).
    public static func of(_ path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError("examining", path) }
        return FileStatus(info)
    }
}
