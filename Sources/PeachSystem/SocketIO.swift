#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing a connected socket without ever blocking for long or raising SIGPIPE, wrapped once.
public enum SocketIO {
    public enum Received: Equatable, Sendable {
        case bytes([UInt8])
        /// Nothing waits now (the socket is open).
        case nothingYet
        /// The peer closed its end, or the connection failed.
        case closed
    }

    /// What waits on `descriptor`, at most `limit` bytes; never blocks.
    public static func receive(from descriptor: Int32, limit: Int = 16_384) -> Received {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { return .bytes(Array(buffer.prefix(count))) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .nothingYet
            default: return .closed
            }
        }
    }

    /// Sends all of `bytes`, waiting at most `timeoutMilliseconds` in all for a full socket to drain; false when
    /// the peer is gone or too slow (the caller closes the connection).
    public static func sendAll(_ bytes: [UInt8], to descriptor: Int32, timeoutMilliseconds: Int32 = 2_000) -> Bool {
        var offset = 0
        var waited: Int32 = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent > 0 {
                offset += sent
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR, waited < timeoutMilliseconds else { return false }
            var writable = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            _ = Poll.wait(&writable, timeoutMilliseconds: 50)
            waited += 50
        }
        return true
    }

    /// Closes a socket of any kind (a connection, an end of a `LocalSocket` pair).
    public static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
}
