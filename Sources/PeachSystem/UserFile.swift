#if canImport(Glibc)
import Glibc
#endif

/// Reading and checking files the user names on the command line or in the configuration.
/// A directory, an empty file, a FIFO or a device each get their own message instead of a bare
/// errno, and nothing is ever read without a size cap (`/dev/zero` stops at the cap).
public enum UserFile {
    /// The whole content of `path`, at most `limit` bytes. Regular files are checked by size before
    /// reading; FIFOs and devices (process substitution, /dev/stdin) are read up to the cap.
    public static func read(_ path: String, limit: Int) throws(UserFileError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO nobody writes to must not hang; reads block again below.
        let file: OpenFile
        do { file = try OpenFile(path: path, flags: O_RDONLY | O_NONBLOCK) } catch { throw openError(path, code: error.code) }
        let status: FileStatus
        do { status = try file.status() } catch { throw .system(operation: "examined", path: path, code: error.code) }
        let kind = status.kind
        switch kind {
        case .directory:
            throw .isDirectory(path: path)
        case .regular:
            guard status.size <= Int64(limit) else { throw .tooLarge(path: path, size: status.size, limit: limit) }
        case .fifo, .characterDevice, .blockDevice, .socket, .other:
            // A pipe with a live writer (`peach import <(…)`) is read as it arrives.
            do { try file.setNonBlocking(false) } catch { throw .system(operation: "read", path: path, code: error.code) }
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(kind == .regular ? Int(status.size) : 65536)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let got: Int
            do { got = try file.readNext(into: &chunk, count: wanted) } catch { throw .system(operation: "read", path: path, code: error.code) }
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        if bytes.count > limit {
            if kind == .regular { throw .tooLarge(path: path, size: Int64(bytes.count), limit: limit) }
            throw .notRegular(path: path, kind: kind, endless: true, limit: limit)
        }
        if bytes.isEmpty {
            switch kind {
            case .regular, .characterDevice, .blockDevice: throw .empty(path: path, kind: kind)
            case .fifo, .socket, .other, .directory: throw .notRegular(path: path, kind: kind, endless: false, limit: limit)
            }
        }
        return bytes
    }

    /// Checks that `path` is a regular, non-empty, readable file without reading it (a SoundFont
    /// another program loads).
    public static func checkReadable(_ path: String) throws(UserFileError) {
        let status: FileStatus
        do { status = try FileStatus.of(path) } catch { throw openError(path, code: error.code) }
        let kind = status.kind
        switch kind {
        case .regular: break
        case .directory: throw .isDirectory(path: path)
        case .fifo, .characterDevice, .blockDevice, .socket, .other:
            throw .specialFile(path: path, kind: kind)
        }
        guard status.size > 0 else { throw .empty(path: path, kind: .regular) }
        guard access(path, R_OK) == 0 else { throw .system(operation: "read", path: path, code: errno) }
    }

    /// Checks that `path`, if it exists, is a regular file that may be replaced by a rewritten copy
    /// (renaming over a device node would replace the device).
    public static func checkReplaceable(_ path: String) throws(UserFileError) {
        if let kind = try outputTarget(path) { throw .specialFile(path: path, kind: kind) }
    }

    /// Where output for `path` may go: nil for a new or regular file (write it under a temporary name
    /// and rename), else the kind of an existing FIFO or device (`/dev/stdout`), written in place,
    /// because renaming over it would replace the device node. A directory is refused.
    public static func outputTarget(_ path: String) throws(UserFileError) -> FileKind? {
        guard let kind = FileKind.of(path) else { return nil }
        switch kind {
        case .regular: return nil
        case .directory: throw .isDirectory(path: path)
        case .fifo, .characterDevice, .blockDevice, .socket, .other: return kind
        }
    }

    private static func openError(_ path: String, code: Int32) -> UserFileError {
        switch code {
        case ENOENT: .missing(path: path)
        case ENXIO: .specialFile(path: path, kind: .socket) // a socket cannot be opened
        default: .system(operation: "opened", path: path, code: code)
        }
    }
}
