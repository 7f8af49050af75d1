#if canImport(Glibc)
import Glibc
#endif

/// A connected pair of Unix stream sockets (a parent's link to its child), wrapped once.
public enum LocalSocket {
    /// Two connected ends, both close-on-exec (a child gets one only by having it placed, e.g. as its input).
    public static func pair() throws(SystemError) -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw SystemError("creating", "a socket pair")
        }
        return (ends[0], ends[1])
    }

    /// Sends `bytes` without ever raising SIGPIPE; the count sent, or -1.
    public static func send(_ bytes: [UInt8], on descriptor: Int32) -> Int {
        bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
