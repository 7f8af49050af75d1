#if canImport(Glibc)
import Glibc
#endif

/// The raw calls of an IPv4 TCP socket, wrapped once: what `LoopbackListener` and `LoopbackConnection` use on
/// 127.0.0.1, and the tests' VM relay on the guest's network address. Descriptors are close-on-exec and blocking.
public enum TCPSocket {
    /// `address`:`port` as the socket calls take it; nil when `address` is no dotted IPv4 address.
    public static func address(_ address: String, port: UInt16) -> sockaddr_in? {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        return inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 ? socketAddress : nil
    }

    /// A connection to `address` (`name` says which, in the error).
    public static func connect(to address: sockaddr_in, name: String) throws(SystemError) -> Int32 {
        let descriptor = try stream()
        var address = address
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = SystemError("connecting to", name)
            _ = Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// A socket listening on `address` (address reuse on, so a quick restart finds its port free).
    public static func listen(on address: sockaddr_in, backlog: Int32, name: String) throws(SystemError) -> Int32 {
        let descriptor = try stream()
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = address
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
            let error = SystemError("listening on", name)
            _ = Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    private static func stream() throws(SystemError) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemError("creating", "a socket") }
        return descriptor
    }
}
