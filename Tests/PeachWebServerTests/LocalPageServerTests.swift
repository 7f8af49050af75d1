import Foundation
import Glibc
import PeachSystem
import PeachWeb
@testable import PeachWebServer
import Testing

/// The local page's server over real loopback sockets: it answers only requests that pass the page's rules, and
/// malformed, slow, idle or flooding clients leave it answering the page.
@Suite(.serialized) struct LocalPageServerTests {
    static let secret = String(repeating: "5e", count: 32)

    final class Running {
        let server: LocalPageServer
        var port: UInt16 { server.port }

        init(limits: LocalPageServer.Limits = LocalPageServer.Limits(),
             streamCountChanged: @escaping LocalPageServer.StreamCountObserver = { _ in }) throws {
            // A backlog the 220 test connections fit in, so none waits on a retried SYN and they are taken in order.
            let listener = try LoopbackListener(backlog: 512)
            server = try LocalPageServer(listener: listener, access: LocalPageAccess(port: listener.port, secret: LocalPageServerTests.secret),
                                         limits: limits, streamCountChanged: streamCountChanged) { request in .text(.ok, "page \(request.path)") }
            server.start()
        }

        deinit {
            server.stop()
        }

        func request(_ text: String) throws -> String {
            let client = try LoopbackConnection.connect(port: port)
            defer { SocketIO.close(client) }
            return try Self.exchange(text, on: client)
        }

        /// Sends `text` and reads until a whole response (its Content-Length) or the end, for at most 5 s.
        static func exchange(_ text: String, on client: Int32) throws -> String {
            #expect(SocketIO.sendAll(Array(text.utf8), to: client))
            var received: [UInt8] = []
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                var descriptors = [Poll.readable(client)]
                _ = Poll.wait(&descriptors, timeoutMilliseconds: 100)
                switch SocketIO.receive(from: client) {
                case .bytes(let bytes): received += bytes
                case .nothingYet: continue
                case .closed: return String(decoding: received, as: UTF8.self)
                }
                if case .complete = responseComplete(received) { return String(decoding: received, as: UTF8.self) }
            }
            return String(decoding: received, as: UTF8.self)
        }

        enum Completeness { case complete, partial }

        static func responseComplete(_ bytes: [UInt8]) -> Completeness {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n"),
                  let lengthLine = text[..<headEnd.lowerBound].split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }),
                  let length = Int(lengthLine.dropFirst("Content-Length: ".count)) else { return .partial }
            return text[headEnd.upperBound...].utf8.count >= length ? .complete : .partial
        }
    }

    static func get(_ path: String = "/", port: UInt16, cookie: Bool = true, host: String? = nil) -> String {
        "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
            + (cookie ? "Cookie: peach_session=\(secret)\r\n" : "") + "\r\n"
    }

    @Test func thePageIsServedToTheCookieAndRefusedWithoutIt() throws {
        let running = try Running()
        let served = try running.request(Self.get("/profile", port: running.port))
        #expect(served.hasPrefix("HTTP/1.1 200 OK") && served.hasSuffix("page /profile\n"))
        #expect(try running.request(Self.get(port: running.port, cookie: false)).hasPrefix("HTTP/1.1 403"))
        #expect(try running.request(Self.get(port: running.port, host: "rebound.example:\(running.port)")).hasPrefix("HTTP/1.1 403"))
        let traded = try running.request(Self.get("/?secret=\(Self.secret)", port: running.port, cookie: false))
        #expect(traded.hasPrefix("HTTP/1.1 303") && traded.contains("Location: /\r\n"))
        #expect(traded.contains("Set-Cookie: peach_session=\(Self.secret); HttpOnly; SameSite=Strict; Path=/"))
    }

    @Test func requestsOnOneConnectionAreAnsweredInTurn() throws {
        let running = try Running()
        let client = try LoopbackConnection.connect(port: running.port)
        defer { SocketIO.close(client) }
        #expect(try Running.exchange(Self.get("/a", port: running.port), on: client).hasSuffix("page /a\n"))
        #expect(try Running.exchange(Self.get("/b", port: running.port), on: client).hasSuffix("page /b\n"))
    }

    /// A thousand malformed requests, each on its own connection: each gets a 4xx or 5xx and is closed, and the
    /// page is served afterwards.
    @Test func aThousandMalformedRequestsLeaveItAnswering() throws {
        let running = try Running()
        let malformed = ["GET / HTTP/9\r\n\r\n", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "\r\n\r\n",
                         "GET / HTTP/1.1\r\n folded\r\n\r\n", String(repeating: "A", count: 9_000),
                         "GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 999999\r\n\r\n"]
        var refused = 0
        for index in 0..<1_000 {
            let answer = try running.request(malformed[index % malformed.count])
            if let code = Int(answer.dropFirst("HTTP/1.1 ".count).prefix(3)), code >= 400 { refused += 1 }
        }
        #expect(refused == 1_000)
        #expect(try running.request(Self.get(port: running.port)).hasPrefix("HTTP/1.1 200"))
    }

    /// Two hundred connections that say nothing and twenty that send a request a byte at a time do not keep the
    /// page from being served; the slow ones get 408 when their time is up.
    @Test func idleAndSlowConnectionsLeaveItAnswering() throws {
        let running = try Running(limits: LocalPageServer.Limits(connections: 32, idle: .seconds(30), request: .milliseconds(500)))
        let idle = try (0..<200).map { _ in try LoopbackConnection.connect(port: running.port) }
        let slow = try (0..<20).map { _ in try LoopbackConnection.connect(port: running.port) }
        defer { (idle + slow).forEach(SocketIO.close) }
        for connection in slow { _ = SocketIO.sendAll(Array("GET / HT".utf8), to: connection) }
        #expect(try running.request(Self.get(port: running.port)).hasPrefix("HTTP/1.1 200"))
        // No more than 32 are held: the longest idle gave their slots to the newer ones and were closed.
        let closed = idle.filter { SocketIO.receive(from: $0) == .closed }.count
        #expect(closed >= 220 + 1 - 32, "\(closed) of the idle connections closed")
        usleep(800_000)
        let late = try Running.exchange("", on: slow[19])
        #expect(late.hasPrefix("HTTP/1.1 408"), "\(late.prefix(40))")
        #expect(try running.request(Self.get(port: running.port)).hasPrefix("HTTP/1.1 200"))
    }

    @Test func stoppingEndsTheLoopAndTheListener() throws {
        let running = try Running()
        running.server.stop()
        let deadline = ContinuousClock.now + .seconds(2)
        while !running.server.hasStopped && ContinuousClock.now < deadline { usleep(10_000) }
        #expect(running.server.hasStopped)
        #expect(throws: SystemError.self) { _ = try LoopbackConnection.connect(port: running.port) }
    }
}
