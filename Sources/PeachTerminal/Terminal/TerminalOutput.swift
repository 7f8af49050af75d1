import Glibc

/// Writes whole frames with as few `write` calls as the kernel allows, so a redraw never shows
/// half a frame; retries on EINTR (SIGWINCH arrives mid-write) and on short writes.
public struct TerminalOutput: Sendable {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32 = STDOUT_FILENO) { self.fileDescriptor = fileDescriptor }

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}
