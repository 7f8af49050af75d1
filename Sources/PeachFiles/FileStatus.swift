#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says about a file: its kind and size (symbolic links followed).
public struct FileStatus: Equatable, Sendable {
    public let kind: FileKind
    public let size: Int64

    init(_ info: stat) {
        kind = FileKind(mode: info.st_mode)
        size = Int64(info.st_size)
    }

    /// The status of `path`; the error's code says why there is none (ENOENT: it does not exist).
    public static func of(_ path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError("examining", path) }
        return FileStatus(info)
    }
}
