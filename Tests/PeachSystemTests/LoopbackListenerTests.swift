import Glibc
@testable import PeachSystem
import Testing

/// The loopback listener a local web page is served from, against the real kernel: it listens on 127.0.0.1 only,
/// takes a connection, carries bytes both ways, and a port in use is refused with a readable error.
@Suite struct LoopbackListenerTests {
    @Test func aClientOnLoopbackIsAcceptedAndHeard() throws {
        let listener = try LoopbackListener()
        #expect(listener.port != 0)
        #expect(listener.accept() == nil, "nobody waits yet, and accept does not block")
        let client = try LoopbackConnection.connect(port: listener.port)
        defer { _ = close(client) }
        var descriptors = [Poll.readable(listener.pollDescriptor)]
        #expect(Poll.wait(&descriptors, timeoutMilliseconds: 2000) == .ready(1))
        let server = try #require(listener.accept())
        defer { _ = close(server) }
        #expect(fcntl(server, F_GETFD) & FD_CLOEXEC != 0, "no child inherits a connection")
        #expect(LocalSocket.send(Array("GET / HTTP/1.1\r\n".utf8), on: client) == 16)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { recv(server, $0.baseAddress, $0.count, 0) }
        #expect(String(decoding: buffer.prefix(count), as: UTF8.self) == "GET / HTTP/1.1\r\n")
        listener.close()
        listener.close()
    }

    @Test func itListensOnTheLoopbackAddressOnly() throws {
        let listener = try LoopbackListener()
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener.pollDescriptor, $0, &length) }
        }
        #expect(UInt32(bigEndian: address.sin_addr.s_addr) == 0x7F00_0001)
    }

    @Test func aPortInUseIsRefusedSayingWhich() throws {
        let first = try LoopbackListener()
        #expect {
            _ = try LoopbackListener(port: first.port)
        } throws: { error in
            (error as? SystemError).map { $0.path == "127.0.0.1:\(first.port)" && $0.code == EADDRINUSE } ?? false
        }
    }
}
