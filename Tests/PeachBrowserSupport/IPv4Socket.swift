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
        try TCPSocket.connect(to: try socketAddress(address, port: port), name: "\(address):\(port)")
    }

    /// A blocking listening socket on `address`:`port`.
    public static func listen(on address: String, port: UInt16) throws(SystemError) -> Int32 {
        try TCPSocket.listen(on: try socketAddress(address, port: port), backlog: 16, name: "\(address):\(port)")
    }

    static func socketAddress(_ address: String, port: UInt16) throws(SystemError) -> sockaddr_in {
        guard let socketAddress = TCPSocket.address(address, port: port) else {
            throw SystemError("reading", "the IPv4 address \(address)", code: EINVAL)
        }
        return socketAddress
    }
}
