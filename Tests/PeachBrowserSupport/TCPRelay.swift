#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PeachSystem
import Synchronization

/// Passes every connection made to `address`:`port` on to 127.0.0.1:`port`, byte for byte in both directions: in the
/// qemu VM, the host's browser reaches `peach web` (which listens on the guest's loopback only) through qemu's port
/// forward to the guest's 10.0.2.15 and this relay. The Host header the browser sends names 127.0.0.1:`port`, as it
/// would on one machine. A test's helper only: each connection has two threads that copy until their side closes.
public final class TCPRelay: Sendable {
    private let listener: Int32
    private let closed = Mutex(false)

    public init(address: String, port: UInt16) throws {
        listener = try IPv4Socket.listen(on: address, port: port)
        let listener = listener
        Thread.detachNewThread { Self.accept(from: listener, port: port) }
    }

    /// Stops taking connections (those open go on until their ends close).
    public func close() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            shutdown(listener, Int32(SHUT_RDWR))
            _ = Glibc.close(listener)
        }
    }

    deinit { close() }

    private static func accept(from listener: Int32, port: UInt16) {
        while true {
            let client = Glibc.accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            guard let server = try? LoopbackConnection.connect(port: port) else {
                _ = Glibc.close(client)
                continue
            }
            let done = DispatchGroup()
            for (from, to) in [(client, server), (server, client)] {
                done.enter()
                Thread.detachNewThread {
                    copy(from: from, to: to)
                    done.leave()
                }
            }
            done.notify(queue: .global()) {
                _ = Glibc.close(client)
                _ = Glibc.close(server)
            }
        }
    }

    /// Copies until `from` ends, then ends `to`'s sending side, so the far end sees the close.
    private static func copy(from: Int32, to: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, SocketIO.sendAll(Array(buffer.prefix(count)), to: to, timeoutMilliseconds: 10_000) else { break }
        }
        shutdown(to, Int32(SHUT_WR))
    }
}
