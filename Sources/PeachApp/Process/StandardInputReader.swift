import Foundation
import Glibc

/// Reads standard input on a thread of its own and delivers the bytes as they arrive.
/// The stream finishes at end of file. The thread blocks in read(2) only, so it costs nothing
/// while the user thinks (the idle-cost goal).
public enum StandardInputReader {
    public static func bytes(fileDescriptor: Int32 = STDIN_FILENO) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    continuation.yield(Array(buffer[0..<count]))
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    continuation.finish()
                    return
                }
            }
        }
        thread.name = "peach.stdin"
        thread.start()
        return stream
    }
}
