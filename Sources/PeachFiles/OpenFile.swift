#if canImport(Glibc)
import Glibc
#endif

/// An open POSIX file descriptor, closed when released. Thin on purpose: the log needs exactly
/// pwrite + fsync + ftruncate semantics, which Foundation's FileHandle does not promise.
public final class OpenFile {
    public let descriptor: Int32
    public let path: String

    public init(path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemError) {
        let descriptor = open(path, flags | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw SystemError("opening", path) }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    public func size() throws(SystemError) -> Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError("reading the size of", path) }
        return Int64(info.st_size)
    }

    /// The whole file, followed by one NUL byte that is not counted in the returned count
    /// (so C parsers can never run past the end).
    public func readAll() throws(SystemError) -> (bytes: [UInt8], count: Int) {
        let expected = Int(try size())
        // Room beyond the expected size, so a file that grew meanwhile needs no reallocation in the common case.
        var bytes = [UInt8](repeating: 0, count: expected + 4097)
        var total = 0
        while true {
            if total == bytes.count - 1 { bytes.append(contentsOf: repeatElement(0, count: 65536)) }
            let capacity = bytes.count - 1 - total
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + total, capacity, off_t(total)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw SystemError("reading", path)
            }
            if got == 0 { break }
            total += got
        }
        bytes.removeSubrange((total + 1)...)
        bytes[total] = 0
        return (bytes, total)
    }

    /// pread: up to `count` bytes at `offset` into `buffer`; 0 at the end of the file.
    public func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) throws(SystemError) -> Int {
        while true {
            let got = pread(descriptor, buffer, count, off_t(offset))
            if got >= 0 { return got }
            if errno != EINTR { throw SystemError("reading", path) }
        }
    }

    /// Writes the whole buffer at `offset`: one pwrite() normally. After a short write (disk almost
    /// full, file size limit) the rest is tried once more so the error carries the kernel's real reason;
    /// the caller rolls back anything partial.
    public func writeWhole(_ bytes: [UInt8], at offset: Int64) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset) + off_t(done)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError("writing to", path)
            }
            if written == 0 { throw SystemError("writing to", path, code: ENOSPC) }
            done += written
        }
    }

    public func sync() throws(SystemError) {
        guard fsync(descriptor) == 0 else { throw SystemError("flushing (fsync)", path) }
    }

    public func truncate(to length: Int64) throws(SystemError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw SystemError("truncating", path) }
    }
}

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
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
}
