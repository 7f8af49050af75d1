#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A TCP listening socket on the loopback address only (127.0.0.1): a local service that nothing off this machine can
/// reach. Each raw socket call wrapped once; the descriptors are close-on-exec, so no child inherits them.
public final class LoopbackListener: Sendable {
    public let port: UInt16
    private let descriptor: Int32
    private let closed = Mutex(false)

    /// Listens on 127.0.0.1:`port` (0: a free port the kernel chooses; `port` says which).
    public init(port: UInt16 = 0, backlog: Int32 = 64) throws(SystemError) {
        let socketDescriptor = try TCPSocket.listen(on: Self.loopback(port: port), backlog: backlog, name: "127.0.0.1:\(port)")
        // accept() never blocks: the server polls this descriptor and takes what waits.
        do {
            try DescriptorFlags.setNonBlocking(socketDescriptor, true, name: "127.0.0.1:\(port)")
        } catch {
            _ = Glibc.close(socketDescriptor)
            throw error
        }
        descriptor = socketDescriptor
        self.port = Self.boundPort(of: socketDescriptor) ?? port
    }

    deinit { close() }

    /// The descriptor to poll for a waiting connection.
    public var pollDescriptor: Int32 { descriptor }

    /// The next waiting connection's descriptor (close-on-exec), or nil when none waits (or the listener is closed).
    public func accept() -> Int32? {
        let connection = Glibc.accept(descriptor, nil, nil)
        guard connection >= 0 else { return nil }
        // accept4's SOCK_CLOEXEC does not import into Swift: set close-on-exec at once instead.
        do {
            try DescriptorFlags.setCloseOnExec(connection, name: "a connection")
        } catch {
            _ = Glibc.close(connection)
            return nil
        }
        return connection
    }

    /// Stops listening. Idempotent.
    public func close() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            _ = Glibc.close(descriptor)
        }
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private static func boundPort(of descriptor: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }
}

/// Connecting to a loopback port, as a browser does (the tests' client).
public enum LoopbackConnection {
    public static func connect(port: UInt16) throws(SystemError) -> Int32 {
        try TCPSocket.connect(to: LoopbackListener.loopback(port: port), name: "127.0.0.1:\(port)")
    }
}
