/// Reads one HTTP/1.1 request from the bytes a connection has delivered so far: not yet whole, whole (with how
/// many bytes it took), or refused. Strict where leniency lets requests be read two ways (request smuggling): CRLF
/// line ends only, no folded headers, no chunked bodies, one Content-Length. Every limit is checked as soon as the
/// bytes that break it have arrived, so a client never makes the server hold more than the limits.
public enum HTTPRequestReader {
    public enum Outcome: Equatable, Sendable {
        case incomplete
        case complete(HTTPRequest, consumed: Int)
        case rejected(HTTPRejection)
    }

    /// `admitsUpload`: whether a POST to the upload path, its head read (no body yet), may send the upload's larger
    /// body; a client the server would refuse anyway is held to the ordinary limit.
    public static func read(_ bytes: [UInt8], limits: HTTPLimits = .standard,
                            admitsUpload: (HTTPRequest) -> Bool = { _ in false }) -> Outcome {
        guard let lineEnd = firstCRLF(in: bytes, from: 0, within: limits.requestLineBytes + 2) else {
            return bytes.count > limits.requestLineBytes + 1
                ? .rejected(HTTPRejection(.uriTooLong, "the request line is longer than \(limits.requestLineBytes) bytes")) : .incomplete
        }
        let head: Head
        switch requestLine(bytes[0..<lineEnd]) {
        case .success(let line): head = line
        case .failure(let rejection): return .rejected(rejection)
        }
        let headerStart = lineEnd + 2
        guard let (headerEnd, bodyStart) = endOfHeaders(in: bytes, from: headerStart, within: limits.headerBytes) else {
            return bytes.count - headerStart > limits.headerBytes
                ? .rejected(HTTPRejection(.headersTooLarge, "the headers are longer than \(limits.headerBytes) bytes")) : .incomplete
        }
        let headers: [HTTPHeader]
        switch headerFields(bytes[headerStart..<headerEnd], limits: limits) {
        case .success(let fields): headers = fields
        case .failure(let rejection): return .rejected(rejection)
        }
        switch bodyLength(headers, method: head.method, limit: bodyLimit(head, headers: headers, limits: limits, admitsUpload)) {
        case .failure(let rejection): return .rejected(rejection)
        case .success(let length):
            guard bytes.count >= bodyStart + length else { return .incomplete }
            let request = HTTPRequest(method: head.method, target: head.target, headers: headers,
                                      body: Array(bytes[bodyStart..<(bodyStart + length)]))
            return .complete(request, consumed: bodyStart + length)
        }
    }

    struct Head {
        let method: String
        let target: String
    }

    /// "GET /path?query HTTP/1.1": an upper-case method, an origin-form target, HTTP/1.0 or 1.1.
    static func requestLine(_ line: ArraySlice<UInt8>) -> Result<Head, HTTPRejection> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = ascii(parts[0]), let target = ascii(parts[1]), let version = ascii(parts[2]),
              !method.isEmpty, method.allSatisfy({ $0.isUppercase && $0.isLetter }) else {
            return .failure(HTTPRejection(.badRequest, "the request line is not METHOD TARGET HTTP/1.1"))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(HTTPRejection(version.hasPrefix("HTTP/") ? .versionNotSupported : .badRequest, "only HTTP/1.1 is spoken here"))
        }
        guard target.hasPrefix("/"), !target.contains("#"), target.allSatisfy({ $0 > " " && $0 < "\u{7F}" }) else {
            return .failure(HTTPRejection(.badRequest, "the target must be a path on this server"))
        }
        return .success(Head(method: method, target: target))
    }

    /// "Name: value" lines; a folded line, a bare CR or LF, a name with spaces or a byte outside ASCII is refused.
    static func headerFields(_ block: ArraySlice<UInt8>, limits: HTTPLimits) -> Result<[HTTPHeader], HTTPRejection> {
        guard !block.isEmpty else { return .success([]) }
        var fields: [HTTPHeader] = []
        var start = block.startIndex
        while start < block.endIndex {
            let end = firstCRLF(in: block, from: start, within: block.endIndex - start + 2) ?? block.endIndex
            let line = block[start..<end]
            guard fields.count < limits.headerCount else {
                return .failure(HTTPRejection(.headersTooLarge, "more than \(limits.headerCount) headers"))
            }
            guard let text = ascii(line), !text.contains("\r"), !text.contains("\n"), let colon = text.firstIndex(of: ":"),
                  let first = text.first, first != " ", first != "\t" else {
                return .failure(HTTPRejection(.badRequest, "a header line is not Name: value"))
            }
            let name = String(text[..<colon])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_".contains($0) }) else {
                return .failure(HTTPRejection(.badRequest, "a header name holds more than letters, digits and dashes"))
            }
            fields.append(HTTPHeader(name, text[text.index(after: colon)...].trimmingSpaces()))
            start = end + 2
        }
        return .success(fields)
    }

    /// The most body bytes this request may send: the upload's limit for an admitted POST to its path, else the
    /// ordinary one.
    static func bodyLimit(_ head: Head, headers: [HTTPHeader], limits: HTTPLimits, _ admitsUpload: (HTTPRequest) -> Bool) -> Int {
        guard let upload = limits.upload, head.method == "POST" else { return limits.bodyBytes }
        let request = HTTPRequest(method: head.method, target: head.target, headers: headers)
        return request.path == upload.path && admitsUpload(request) ? max(upload.bodyBytes, limits.bodyBytes) : limits.bodyBytes
    }

    /// The body's length: Content-Length, or none. Chunked and other transfer codings are not spoken here.
    static func bodyLength(_ headers: [HTTPHeader], method: String, limit: Int) -> Result<Int, HTTPRejection> {
        if headers.contains(where: { $0.name.caseInsensitiveEquals("Transfer-Encoding") }) {
            return .failure(HTTPRejection(.notImplemented, "no transfer coding is spoken here: send Content-Length"))
        }
        let lengths = Set(headers.filter { $0.name.caseInsensitiveEquals("Content-Length") }.map(\.value))
        guard let text = lengths.first else {
            return method == "POST" || method == "PUT"
                ? .failure(HTTPRejection(.lengthRequired, "a request with a body says its Content-Length")) : .success(0)
        }
        guard lengths.count == 1, !text.isEmpty, text.count <= 12, text.allSatisfy(\.isASCIIDigit), let length = Int(text) else {
            return .failure(HTTPRejection(.badRequest, "Content-Length is not one number"))
        }
        guard length <= limit else {
            return .failure(HTTPRejection(.contentTooLarge, "the body is longer than \(limit) bytes"))
        }
        return .success(length)
    }

    /// The index of the first "\r\n" at or after `start` that begins within `limit` bytes of it.
    static func firstCRLF<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, from start: Int, within limit: Int) -> Int?
    where Bytes.Index == Int {
        let end = min(bytes.endIndex - 1, start + limit)
        guard start < end else { return nil }
        for index in start..<end where bytes[index] == 13 && bytes[index + 1] == 10 { return index }
        return nil
    }

    /// Where the header block ends (its last line's end, before the empty line) and the body starts.
    static func endOfHeaders(in bytes: [UInt8], from start: Int, within limit: Int) -> (blockEnd: Int, bodyStart: Int)? {
        if bytes.count >= start + 2, bytes[start] == 13, bytes[start + 1] == 10 { return (start, start + 2) }
        let end = min(bytes.count - 3, start + limit)
        guard start < end else { return nil }
        for index in start..<end where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return (index, index + 4)
        }
        return nil
    }

    static func ascii(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.allSatisfy({ $0 < 0x80 }) ? String(decoding: bytes, as: UTF8.self) : nil
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
