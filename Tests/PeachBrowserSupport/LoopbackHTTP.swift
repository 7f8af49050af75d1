import Foundation
import PeachSystem

/// One HTTP/1.1 request to a loopback port and its whole answer (the server closes after it): what the tests use to
/// speak WebDriver to chromedriver and plain HTTP to `peach web`.
public enum LoopbackHTTP {
    public struct Answer {
        public let status: Int
        public let head: String
        public let body: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// `host`: the Host header (the port's loopback address unless a test sends a foreign one); `body` goes with its
    /// `contentType` and length. `address`: where the port is (another machine's only for the VM's host-side browser).
    public static func request(_ method: String, port: UInt16, path: String, body: String? = nil,
                               contentType: String = "application/json", host: String? = nil,
                               headers: [String] = [], timeout: Duration = .seconds(60), address: String? = nil) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        head += headers.map { $0 + "\r\n" }.joined()
        if let body { head += "Content-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n" }
        return try exchange(head + "\r\n" + (body ?? ""), port: port, timeout: timeout, address: address)
    }

    /// `text` sent as it is on a new connection (a request, or bytes that are none), and the whole answer read: to its
    /// Content-Length, its last chunk, or the server's close, within `timeout`.
    public static func exchange(_ text: String, port: UInt16, timeout: Duration = .seconds(60), address: String? = nil) throws -> Answer {
        let client = try address.map { address throws in try IPv4Socket.connect(to: address, port: port) }
            ?? LoopbackConnection.connect(port: port)
        defer { SocketIO.close(client) }
        let what = String(text.prefix { $0 != "\r" }.prefix(60))
        guard SocketIO.sendAll(Array(text.utf8), to: client) else { throw Failure(description: "could not send \(what)") }
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        reading: while ContinuousClock.now < deadline {
            var descriptors = [Poll.readable(client)]
            _ = Poll.wait(&descriptors, timeoutMilliseconds: 100)
            switch SocketIO.receive(from: client) {
            case .bytes(let bytes):
                received += bytes
                if isWhole(received) { break reading }
            case .nothingYet: continue
            case .closed: break reading
            }
        }
        let answer = String(decoding: received, as: UTF8.self)
        guard let split = answer.range(of: "\r\n\r\n"), let status = Int(answer.dropFirst(9).prefix(3)) else {
            throw Failure(description: "no answer to \(what): \(answer.prefix(300))")
        }
        return Answer(status: status, head: String(answer[..<split.lowerBound]), body: Self.body(String(answer[split.upperBound...]),
                                                                                                chunked: answer[..<split.lowerBound].contains("chunked")))
    }

    /// Whether `bytes` hold a whole answer: its Content-Length of body, or the last chunk (a server may keep the
    /// connection open whatever the request asked).
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<split.lowerBound].lowercased()
        if head.contains("transfer-encoding: chunked") { return text.hasSuffix("\r\n0\r\n\r\n") || text.hasSuffix("\n0\r\n\r\n") }
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return text[split.upperBound...].utf8.count >= length
    }

    /// The body as sent, or joined from its chunks.
    static func body(_ raw: String, chunked: Bool) -> String {
        guard chunked else { return raw }
        var rest = Substring(raw), joined = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let bytes = Array(rest[start...].utf8.prefix(size))
            joined += String(decoding: bytes, as: UTF8.self)
            rest = rest[rest.utf8.index(start, offsetBy: size)...].dropFirst(2)
        }
        return joined
    }
}
