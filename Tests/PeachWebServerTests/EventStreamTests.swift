import Foundation
import PeachSystem
import PeachWeb
@testable import PeachWebServer
import Synchronization
import Testing

/// The page's event stream over real loopback sockets: a stream gets where the page is at once and every event after,
/// the server hears when the tab goes, and a stream another site's page opens is refused.
@Suite(.serialized) struct EventStreamTests {
    typealias Running = LocalPageServerTests.Running

    static func openStream(port: UInt16, extraHeaders: String = "") throws -> Int32 {
        let client = try LoopbackConnection.connect(port: port)
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
            + "Cookie: peach_session=\(LocalPageServerTests.secret)\r\n\(extraHeaders)\r\n"
        #expect(SocketIO.sendAll(Array(request.utf8), to: client))
        return client
    }

    /// What arrives on `client` until `text` is in it, for at most 5 s.
    static func read(_ client: Int32, until text: String) -> String {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, !String(decoding: received, as: UTF8.self).contains(text) {
            var descriptors = [Poll.readable(client)]
            _ = Poll.wait(&descriptors, timeoutMilliseconds: 50)
            if case .bytes(let bytes) = SocketIO.receive(from: client) { received += bytes }
        }
        return String(decoding: received, as: UTF8.self)
    }

    static func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    @Test func aStreamGetsTheLatestEventAtOnceAndEveryOneAfter() throws {
        let counts = Mutex<[Int]>([])
        let running = try Running(streamCountChanged: { count in counts.withLock { $0.append(count) } })
        running.server.publish(ServerSentEvent(name: "screen", data: "<p>first</p>"))
        running.server.publish(ServerSentEvent(name: "screen", data: "<p>second</p>\n<p>two lines</p>"))
        let client = try Self.openStream(port: running.port)
        let opened = Self.read(client, until: "two lines</p>\n\n")
        #expect(opened.hasPrefix("HTTP/1.1 200 OK\r\n") && opened.contains("Content-Type: text/event-stream"))
        #expect(!opened.contains("Content-Length") && !opened.contains("first"))
        #expect(opened.hasSuffix("event: screen\ndata: <p>second</p>\ndata: <p>two lines</p>\n\n"))
        running.server.publish(ServerSentEvent(name: "screen", data: "third"))
        #expect(Self.read(client, until: "third\n\n").hasSuffix("event: screen\ndata: third\n\n"))
        #expect(Self.waitFor { counts.withLock { $0 } == [1] })
        SocketIO.close(client)
        #expect(Self.waitFor { counts.withLock { $0 } == [1, 0] })
        // A reload: the new stream gets where the page is at once.
        running.server.publish(ServerSentEvent(name: "screen", data: "fourth"))
        let reloaded = try Self.openStream(port: running.port)
        defer { SocketIO.close(reloaded) }
        #expect(Self.read(reloaded, until: "fourth\n\n").hasSuffix("event: screen\ndata: fourth\n\n"))
    }

    @Test func aQuietStreamIsKeptAliveAndItsLossNoticed() throws {
        let counts = Mutex<[Int]>([])
        let running = try Running(limits: LocalPageServer.Limits(heartbeat: .milliseconds(100)),
                                  streamCountChanged: { count in counts.withLock { $0.append(count) } })
        let client = try Self.openStream(port: running.port)
        #expect(Self.read(client, until: ": still here\n\n").contains(": still here\n\n"))
        let other = try Self.openStream(port: running.port)
        #expect(Self.waitFor { counts.withLock { $0 } == [1, 2] })
        SocketIO.close(client)
        SocketIO.close(other)
        #expect(Self.waitFor { counts.withLock { $0.last } == 0 })
    }

    @Test(arguments: ["Origin: http://evil.example\r\n", "Sec-Fetch-Site: cross-site\r\n", "Origin: null\r\n"])
    func aStreamAnotherSiteOpensIsRefused(header: String) throws {
        let running = try Running()
        let client = try Self.openStream(port: running.port, extraHeaders: header)
        defer { SocketIO.close(client) }
        let answer = Self.read(client, until: "\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 403"))
        #expect(!answer.contains("event-stream"))
    }

    @Test func aStreamWithoutTheCookieIsRefusedWhateverItAccepts() throws {
        let running = try Running()
        let plain = try running.request("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n\r\n")
        #expect(plain.hasPrefix("HTTP/1.1 403"))
        let foreign = try running.request("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\nOrigin: http://evil.example\r\n"
                                          + "Cookie: peach_session=\(LocalPageServerTests.secret)\r\n\r\n")
        #expect(foreign.hasPrefix("HTTP/1.1 403"))
    }
}
