#if canImport(Glibc)
import Glibc
#endif
import PeachSystem

/// TCP on an IPv4 address other than loopback, for the tests alone: in the qemu VM the browser runs on the host, which
/// the guest reaches at qemu's gateway 10.0.2.2 and which reaches the guest at 10.0.2.15. Peach itself listens on
/// loopback only (`LoopbackListener`); nothing here is part of it.
public enum IPv4Socket {
    /// A blocking connection to `address`:`port`.
    public static func connect(to address: String, port: UInt16) throws(SystemError) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemError("creating", "a socket") }
        var socketAddress = try Self.address(address, port: port)
        let connected = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = SystemError("connecting to", "\(address):\(port)")
            _ = Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// A blocking listening socket on `address`:`port`.
    public static func listen(on address: String, port: UInt16) throws(SystemError) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemError("creating", "a listening socket") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = try Self.address(address, port: port)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            let error = SystemError("listening on", "\(address):\(port)")
            _ = Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    static func address(_ text: String, port: UInt16) throws(SystemError) -> sockaddr_in {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        guard inet_pton(AF_INET, text, &socketAddress.sin_addr) == 1 else { throw SystemError("reading", "the IPv4 address \(text)", code: EINVAL) }
        return socketAddress
    }
}
