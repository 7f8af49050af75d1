import Foundation
import Glibc
import PeachBrowserSupport
import PeachSystem
import PeachWeb
import PeachWebServer
import Synchronization

/// The page's server in this process, as `peach web` runs it beside the sequencer thread, under the flood its security
/// tests send: 200 connections held open that say nothing, 20 that stop halfway through a request line, and malformed
/// requests one after another, each on a new connection, for as long as the flood runs (on a thread of its own, so it
/// takes the processor as a flooding local client would).
final class PageFlood: Sendable {
    struct Tally {
        var malformed = 0
        var refused = 0
    }

    static let secret = String(repeating: "b3", count: 32)
    static let malformed = ["GET / HTTP/9\r\n\r\n", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "\r\n\r\n",
                            "GET / HTTP/1.1\r\n folded\r\n\r\n", String(repeating: "A", count: 9_000),
                            "GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 999999\r\n\r\n"]

    let server: LocalPageServer
    private let flooding = Mutex(false)
    private let tally = Mutex(Tally())
    private let done = DispatchSemaphore(value: 0)

    init() throws {
        let listener = try LoopbackListener(backlog: 512)
        server = try LocalPageServer(listener: listener, access: LocalPageAccess(port: listener.port, secret: Self.secret)) { request in
            .text(.ok, "page \(request.path)")
        }
        server.start()
    }

    deinit { server.stop() }

    /// Opens the idle and the stalled connections, then sends malformed requests until `stop()`.
    func start() {
        flooding.withLock { $0 = true }
        let thread = Thread { [self] in
            let held = (0..<220).compactMap { _ in try? LoopbackConnection.connect(port: server.port) }
            for connection in held.suffix(20) { _ = SocketIO.sendAll(Array("GET / HT".utf8), to: connection) }
            var index = 0
            while flooding.withLock({ $0 }) {
                let status = Self.status(of: Self.malformed[index % Self.malformed.count], port: server.port)
                tally.withLock { $0.malformed += 1; if status >= 400 { $0.refused += 1 } }
                index += 1
            }
            held.forEach(SocketIO.close)
            done.signal()
        }
        thread.start()
    }

    /// Ends the flood; what it sent, and whether the page is still served to its cookie afterwards.
    func stop() -> (tally: Tally, answersThePage: Bool) {
        flooding.withLock { $0 = false }
        done.wait()
        let page = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: peach_session=\(Self.secret)\r\n\r\n"
        return (tally.withLock { $0 }, Self.status(of: page, port: server.port) == 200)
    }

    /// Sends `request` on a new connection and reads the answer: its status code (0: none within 2 s).
    static func status(of request: String, port: UInt16) -> Int {
        (try? LoopbackHTTP.exchange(request, port: port, timeout: .seconds(2)))?.status ?? 0
    }
}
