#if canImport(Glibc)
import Glibc
#endif

/// An open POSIX file descriptor, closed when released: the one wrapper of the raw file calls (open,
/// fstat, pread and read, pwrite, fsync, ftruncate) for the training log and the files the user names.
/// Thin on purpose: the log needs exactly pwrite + fsync + ftruncate semantics, which Foundation's
/// FileHandle does not promise, and a file the user names has its kind checked on the descriptor that
/// is then read (`UserFile`).
public final class OpenFile {
    public let descriptor: Int32
    public let path: String

    /// Opens `path` close-on-exec (no child, such as FluidSynth, inherits it).
    public init(path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemError) {
        let descriptor = open(path, flags | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw SystemError("opening", path) }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The kind and size of the open file.
    public func status() throws(SystemError) -> FileStatus {
        try FileStatus(info(examining: "examining"))
    }

    public func size() throws(SystemError) -> Int64 {
        Int64(try info(examining: "reading the size of").st_size)
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
            let got = try bytes.withUnsafeMutableBufferPointer { (buffer) throws(SystemError) -> Int in
                try read(into: buffer.baseAddress! + total, count: capacity, at: total)
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

    /// read: up to `count` bytes from the current position (pipes and devices have no offsets) into the
    /// start of `buffer`; 0 at the end.
    public func readNext(into buffer: inout [UInt8], count: Int) throws(SystemError) -> Int {
        precondition(count <= buffer.count, "reading past the buffer")
        while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
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

    /// O_NONBLOCK on or off (see `DescriptorFlags`).
    public func setNonBlocking(_ nonBlocking: Bool) throws(SystemError) {
        try DescriptorFlags.setNonBlocking(descriptor, nonBlocking, name: path)
    }

    /// fstat, reported as `operation` on this file when it fails.
    private func info(examining operation: String) throws(SystemError) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(operation, path) }
        return info
    }
}
