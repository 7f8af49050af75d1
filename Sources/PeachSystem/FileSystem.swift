#if canImport(Glibc)
import Glibc
#endif

/// The questions Peach asks of a path, and the few things it does to one outside a file it has open: each raw call
/// wrapped once, as `FileStatus` wraps stat and `OpenFile` the calls on a descriptor. The rest of Peach asks here,
/// not Foundation's FileManager, so one module holds the file system and its errors read the same everywhere.
public enum FileSystem {
    /// Whether `path` names anything (a dangling symbolic link does not).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether this process may read `path`.
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether `path` is a file this process may execute (a directory it may enter is not).
    public static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0 && FileKind.of(path) != .directory
    }

    /// The names in `directory` ("." and ".." left out), in the order the directory lists them.
    public static func entries(of directory: String) throws(SystemError) -> [String] {
        guard let stream = opendir(directory) else { throw SystemError("listing", directory) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes `path` and, if it is a directory, everything in it (a symbolic link is removed, never followed).
    /// Nothing there is not an error.
    public static func removeTree(_ path: String) throws(SystemError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw SystemError("examining", path)
        }
        guard FileKind(mode: info.st_mode) == .directory else {
            guard unlink(path) == 0 else { throw SystemError("removing", path) }
            return
        }
        for name in try entries(of: path) { try removeTree(path + "/" + name) }
        guard rmdir(path) == 0 else { throw SystemError("removing the directory", path) }
    }

    /// Creates `path` empty, or empties the file that is there.
    public static func createEmptyFile(_ path: String) throws(SystemError) {
        _ = try OpenFile(path: path, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    /// Where temporary files go: $TMPDIR when set, else /tmp.
    public static var temporaryDirectory: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return String(cString: value)
    }

    /// The process's working directory ("." if it cannot be named: it was removed).
    public static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }
}
