#if canImport(Glibc)
import Glibc
#endif
import PeachText

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
    public var description: String { Self.describe(self) }

    /// What is wrong, without the path: "is a directory, not a file".
    /// What is wrong, without the path: "does not exist". For a message that names the file itself.
    public var problem: String {
        let described = Self.describe(self)
        return described.hasPrefix(path + " ") ? String(described.dropFirst(path.count + 1)) : described
    }

    private static func describe(_ error: UserFileError) -> String {
        let path = ["path": error.path]
        switch error {
        case .missing: return tr(.fileMissing, path)
        case .isDirectory: return tr(.fileIsDirectory, path)
        case .empty(_, let kind):
            return kind == .regular ? tr(.fileEmptyRegular, path) : tr(.fileEmptySpecial, path.merging(["kind": kind.phrase]) { $1 })
        case .notRegular(_, let kind, let endless, let limit):
            return endless ? tr(.fileEndless, path.merging(["kind": kind.phrase, "limit": size(Int64(limit))]) { $1 })
                : tr(.fileNothingWritten, path.merging(["kind": kind.phrase]) { $1 })
        case .specialFile(_, let kind): return tr(.fileSpecial, path.merging(["kind": kind.phrase]) { $1 })
        case .tooLarge(_, let bytes, let limit):
            return tr(.fileTooLarge, path.merging(["size": size(bytes), "limit": size(Int64(limit))]) { $1 })
        case .system(let operation, _, let code):
            let reason = path.merging(["reason": String(cString: strerror(code))]) { $1 }
            switch operation {
            case "examined": return tr(.fileCannotExamine, reason)
            case "read": return tr(.fileCannotRead, reason)
            case "opened": return tr(.fileCannotOpen, reason)
            default: return error.path + " cannot be \(operation): " + String(cString: strerror(code))
            }
        }
    }

    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return tr(.fileBytes, count: Int(bytes)) }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? "\(Int(rounded))" : LocalizedNumber.localizing("\(rounded)")) + " " + units[unit]
    }
}
