import Foundation
import PeachSystem

/// A browser's side of `peach web`, over plain loopback sockets: it trades the printed address's secret for the
/// cookie, asks for pages, posts what a click or key sends, and reads the event stream's screens.
public final class PageClient {
    public typealias Answer = LoopbackHTTP.Answer

    public let port: UInt16
    public private(set) var cookie = ""

    /// The page's address as `peach web` prints it (`http://127.0.0.1:PORT/?secret=…`), found in what it printed.
    public static func address(printedIn text: String) -> String? {
        text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init)
    }

    /// `url`: the address Peach printed (`http://127.0.0.1:PORT/?secret=…`).
    public init(url: String) throws {
        guard let portText = url.split(separator: ":").last?.prefix(while: \.isNumber), let port = UInt16(portText),
              let secret = url.split(separator: "=").last else { throw LoopbackHTTP.Failure(description: "no port or secret in \(url)") }
        self.port = port
        let traded = try request("GET", "/?secret=\(secret)", withCookie: false)
        guard traded.status == 303, let line = traded.head.split(separator: "\r\n").first(where: { $0.hasPrefix("Set-Cookie: ") }),
              let value = line.dropFirst("Set-Cookie: ".count).split(separator: ";").first else {
            throw LoopbackHTTP.Failure(description: "the secret was not traded for a cookie: \(traded.head)")
        }
        cookie = String(value)
    }

    /// One request on its own connection, its whole answer within 10 s: with the cookie unless told not to, and a
    /// POST with the page's own Origin unless `origin` names another (or `.some(nil)`, none).
    public func request(_ method: String, _ path: String, body: String = "", withCookie: Bool = true, host: String? = nil,
                        origin: String?? = .none) throws -> Answer {
        var headers = withCookie ? ["Cookie: \(cookie)"] : []
        if let sentOrigin = origin ?? (method == "POST" ? "http://127.0.0.1:\(port)" : nil) { headers.append("Origin: \(sentOrigin)") }
        return try LoopbackHTTP.request(method, port: port, path: path, body: body.isEmpty && method != "POST" ? nil : body,
                                        contentType: "application/x-www-form-urlencoded", host: host, headers: headers,
                                        timeout: .seconds(10))
    }

    /// What a click or key sends: its status.
    public func post(_ form: String, origin: String?? = .none) throws -> Int {
        try request("POST", "/input", body: form, origin: origin).status
    }

    public func openStream() throws -> PageStream {
        let client = try LoopbackConnection.connect(port: port)
        let head = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\nCookie: \(cookie)\r\n\r\n"
        guard SocketIO.sendAll(Array(head.utf8), to: client) else { throw LoopbackHTTP.Failure(description: "could not open the stream") }
        return PageStream(descriptor: client)
    }
}

/// The page's event stream as a tab reads it: one screen after another.
public final class PageStream {
    private let descriptor: Int32
    /// Bytes not yet read as a whole event (decoded only whole, so no character is cut in two).
    private var pending: [UInt8] = []
    private var headRead = false
    private var isOpen = true
    /// The last screen read.
    public private(set) var current = ""
    /// Everything the stream delivered, for a failure's message.
    public private(set) var received = ""

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// The next screen satisfying `wanted` (earlier ones are passed over), or nil after `timeout`.
    public func next(timeout: Duration = .seconds(30), _ wanted: (String) -> Bool) -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            while let screen = takeScreen() {
                current = screen
                if wanted(screen) { return screen }
            }
            var descriptors = [Poll.readable(descriptor)]
            _ = Poll.wait(&descriptors, timeoutMilliseconds: 50)
            switch SocketIO.receive(from: descriptor) {
            case .bytes(let bytes):
                pending += bytes
                received += String(decoding: bytes, as: UTF8.self)
            case .nothingYet: continue
            case .closed:
                received += "[closed]"
                return nil
            }
        }
        return nil
    }

    /// The tab closes.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        SocketIO.close(descriptor)
    }

    private func takeScreen() -> String? {
        if !headRead {
            guard let end = Self.find(Array("\r\n\r\n".utf8), in: pending) else { return nil }
            pending.removeFirst(end + 4)
            headRead = true
        }
        while let end = Self.find(Array("\n\n".utf8), in: pending) {
            let block = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeFirst(end + 2)
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.contains("event: screen") else { continue }
            return lines.filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }.joined(separator: "\n")
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
