import Foundation
import Glibc
import PeachBrowserSupport
import PeachSystem
import Testing

/// The relay that lets the VM's host-side browser reach `peach web` on the guest's loopback, tried here on two
/// loopback addresses: 127.0.0.2 stands for the guest's 10.0.2.15.
@Suite struct TCPRelayTests {
    /// A server on 127.0.0.1 that answers each line with its upper-case copy and closes once its client has.
    static func upperCaseServer() throws -> LoopbackListener {
        let listener = try LoopbackListener()
        Thread.detachNewThread {
            var connection: Int32?
            while connection == nil {
                var waiting = [Poll.readable(listener.pollDescriptor)]
                _ = Poll.wait(&waiting, timeoutMilliseconds: 100)
                connection = listener.accept()
            }
            guard let connection else { return }
            while true {
                var readable = [Poll.readable(connection)]
                _ = Poll.wait(&readable, timeoutMilliseconds: 100)
                switch SocketIO.receive(from: connection) {
                case .bytes(let bytes): _ = SocketIO.sendAll(Array(String(decoding: bytes, as: UTF8.self).uppercased().utf8), to: connection)
                case .nothingYet: continue
                case .closed:
                    SocketIO.close(connection)
                    return
                }
            }
        }
        return listener
    }

    /// Everything `descriptor` receives until its peer closes (at most five seconds).
    static func readToClose(_ descriptor: Int32) -> String {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            var readable = [Poll.readable(descriptor)]
            _ = Poll.wait(&readable, timeoutMilliseconds: 100)
            switch SocketIO.receive(from: descriptor) {
            case .bytes(let bytes): received += bytes
            case .nothingYet: continue
            case .closed: return String(decoding: received, as: UTF8.self)
            }
        }
        return String(decoding: received, as: UTF8.self) + " (no close within 5 s)"
    }

    @Test func bytesGoBothWaysAndACloseReachesTheFarEnd() throws {
        let server = try Self.upperCaseServer()
        defer { server.close() }
        let relay = try TCPRelay(address: "127.0.0.2", port: server.port)
        defer { relay.close() }
        let client = try IPv4Socket.connect(to: "127.0.0.2", port: server.port)
        defer { SocketIO.close(client) }
        #expect(SocketIO.sendAll(Array("peach web\n".utf8), to: client))
        Thread.sleep(forTimeInterval: 0.2)
        shutdown(client, Int32(SHUT_WR))
        #expect(Self.readToClose(client) == "PEACH WEB\n")
    }

    @Test func anAddressThatIsNoneIsAClearError() {
        #expect(throws: SystemError.self) { try IPv4Socket.connect(to: "10.0.2", port: 80) }
    }
}
