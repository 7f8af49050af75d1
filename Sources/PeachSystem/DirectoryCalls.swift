#if canImport(Glibc)
import Glibc
#endif

/// `mkdir -p`, reporting the exact component that failed.
public func createDirectories(_ path: String) throws(SystemError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
        current += "/" + component
        if mkdir(current, 0o755) != 0 && errno != EEXIST { throw SystemError("creating the directory", current) }
    }
}

/// Makes a newly created or renamed directory entry durable. Best effort: some file systems refuse it.
public func syncDirectory(_ path: String) {
    try? OpenFile(path: path, flags: O_RDONLY | O_DIRECTORY).sync()
}
