#if canImport(Glibc)
import Glibc
#endif

/// Why a file the user named (a CSV to import, a configuration file, a SoundFont, an output path)
/// cannot be used. The description names the path and the problem; callers add what to give instead.
public enum UserFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(path: String)
    case isDirectory(path: String)
    /// A regular file of 0 bytes, or a device that gave nothing (/dev/null).
    case empty(path: String, kind: FileKind)
    /// A FIFO, device or socket that gave nothing (a FIFO nobody writes to) or more than the cap
    /// without ending (/dev/zero): `endless` tells which.
    case notRegular(path: String, kind: FileKind, endless: Bool, limit: Int)
    /// A FIFO, device or socket where a regular file is needed (a SoundFont, a file to update in place).
    case specialFile(path: String, kind: FileKind)
    case tooLarge(path: String, size: Int64, limit: Int)
    case system(operation: String, path: String, code: Int32)

    public var path: String {
        switch self {
        case .missing(let path), .isDirectory(let path), .empty(let path, _), .notRegular(let path, _, _, _), .specialFile(let path, _),
             .tooLarge(let path, _, _), .system(_, let path, _):
            path
        }
    }

    /// "/etc is a directory, not a file".
    public var description: String { path + " " + problem }

    /// What is wrong, without the path: "is a directory, not a file".
    public var problem: String {
        switch self {
        case .missing:
            "does not exist"
        case .isDirectory:
            "is a directory, not a file"
        case .empty(_, let kind):
            kind == .regular ? "is an empty file" : "is empty (\(kind.phrase) that gives no data)"
        case .notRegular(_, let kind, let endless, let limit):
            endless ? "is not a regular file but \(kind.phrase), and it gave more than \(Self.size(Int64(limit))) "
                        + "without ending; reading stopped there"
                    : "is not a regular file but \(kind.phrase), and nothing was written to it"
        case .specialFile(_, let kind):
            "is \(kind.phrase), not a regular file"
        case .tooLarge(_, let size, let limit):
            "is \(Self.size(size)), more than the \(Self.size(Int64(limit))) Peach reads"
        case .system(let operation, _, let code):
            "cannot be \(operation): \(String(cString: strerror(code)))"
        }
    }

    /// "1.5 MB", "512 bytes".
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)") + " " + units[unit]
    }
}
