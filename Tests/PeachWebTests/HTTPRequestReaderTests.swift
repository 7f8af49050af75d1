import PeachCore
@testable import PeachWeb
import Testing

/// Reading a request from what a connection delivered: whole, not yet whole, or refused with the right status,
/// strictly enough that no request can be read two ways.
@Suite struct HTTPRequestReaderTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func rejection(_ text: String, limits: HTTPLimits = .standard) -> HTTPStatus? {
        if case .rejected(let rejection) = HTTPRequestReader.read(bytes(text), limits: limits) { return rejection.status }
        return nil
    }

    @Test func aGetWithHeadersIsReadWholeAndSaysHowMuchItTook() throws {
        let text = "GET /profile?tab=2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\n\r\nGET / HTTP/1.1\r\n"
        guard case .complete(let request, let consumed) = HTTPRequestReader.read(Self.bytes(text)) else {
            Issue.record("not read")
            return
        }
        #expect(request.method == "GET" && request.path == "/profile" && request.query == ["tab": "2"])
        #expect(request.header("host") == "127.0.0.1:8080")
        #expect(request.header("ACCEPT") == "text/html")
        #expect(consumed == text.utf8.count - "GET / HTTP/1.1\r\n".utf8.count, "the next request's bytes stay")
    }

    @Test func aPostIsReadOnceItsWholeBodyHasArrived() {
        let head = "POST /answer HTTP/1.1\r\nHost: localhost:9\r\nContent-Length: 11\r\n\r\n"
        #expect(HTTPRequestReader.read(Self.bytes(head + "{\"up\":")) == .incomplete)
        guard case .complete(let request, _) = HTTPRequestReader.read(Self.bytes(head + "{\"up\":true}")) else {
            Issue.record("not read")
            return
        }
        #expect(request.body == Self.bytes("{\"up\":true}"))
        #expect(request.isStateChanging)
    }

    @Test func aRequestArrivingAByteAtATimeIsIncompleteUntilItsLastByte() {
        let text = Self.bytes("GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n")
        for count in 0..<text.count {
            #expect(HTTPRequestReader.read(Array(text.prefix(count))) == .incomplete, "after \(count) bytes")
        }
        if case .complete = HTTPRequestReader.read(text) {} else { Issue.record("the whole request was not read") }
    }

    @Test func everyLimitHasItsOwnStatusBeforeMoreIsRead() {
        let limits = HTTPLimits(requestLineBytes: 32, headerCount: 2, headerBytes: 64, bodyBytes: 4)
        #expect(Self.rejection("GET /" + String(repeating: "a", count: 40), limits: limits) == .uriTooLong, "no CRLF needed to refuse")
        #expect(Self.rejection("GET / HTTP/1.1\r\nA: " + String(repeating: "b", count: 80), limits: limits) == .headersTooLarge)
        #expect(Self.rejection("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits) == .headersTooLarge)
        #expect(Self.rejection("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", limits: limits) == .contentTooLarge)
    }

    /// The upload's larger body is for a POST to its path from a client the server lets in, asked with the head alone;
    /// any other request, or that one from a stranger, keeps the ordinary limit.
    @Test func onlyAnAdmittedPostToTheUploadPathMaySendTheLargerBody() {
        let limits = HTTPLimits(bodyBytes: 4, upload: HTTPLimits.Upload(path: "/import", bodyBytes: 16))
        let upload = "POST /import?partial=1 HTTP/1.1\r\nCookie: ok\r\nContent-Length: 10\r\n\r\n0123456789"
        var asked: [HTTPRequest] = []
        let admitted = HTTPRequestReader.read(Self.bytes(upload), limits: limits) { asked.append($0); return $0.header("Cookie") == "ok" }
        guard case .complete(let request, _) = admitted else {
            Issue.record("the admitted upload was not read: \(admitted)")
            return
        }
        #expect(request.body.count == 10 && asked.count == 1 && asked[0].body.isEmpty && asked[0].path == "/import")
        let stranger = upload.replacingOccurrences(of: "Cookie: ok", with: "Cookie: no")
        #expect(HTTPRequestReader.read(Self.bytes(stranger), limits: limits) { $0.header("Cookie") == "ok" }
                == .rejected(HTTPRejection(.contentTooLarge, "the body is longer than 4 bytes")))
        let elsewhere = upload.replacingOccurrences(of: "/import", with: "/input")
        #expect(HTTPRequestReader.read(Self.bytes(elsewhere), limits: limits) { _ in true }.isRejected)
        let tooLarge = upload.replacingOccurrences(of: "Content-Length: 10", with: "Content-Length: 17")
        #expect(HTTPRequestReader.read(Self.bytes(tooLarge), limits: limits) { _ in true }
                == .rejected(HTTPRejection(.contentTooLarge, "the body is longer than 16 bytes")))
    }

    @Test func ambiguousOrMalformedRequestsAreRefused() {
        #expect(Self.rejection("GET / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") == .badRequest)
        #expect(Self.rejection("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == .notImplemented)
        #expect(Self.rejection("POST / HTTP/1.1\r\nHost: x\r\n\r\n") == .lengthRequired)
        #expect(Self.rejection("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n") == .badRequest)
        #expect(Self.rejection("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") == .badRequest)
        #expect(Self.rejection("GET / HTTP/1.1\r\nNoColon\r\n\r\n") == .badRequest)
        #expect(Self.rejection("GET / HTTP/1.1\r\nA: b\nC: d\r\n\r\n") == .badRequest, "a bare LF")
        #expect(Self.rejection("GET http://evil.example/ HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(Self.rejection("get / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(Self.rejection("GET / HTTP/2.0\r\n\r\n") == .versionNotSupported)
        #expect(Self.rejection("GET /\u{00E9} HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(Self.rejection("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == .badRequest)
    }

    /// A thousand requests cut and corrupted at random: each is read, waited for, or refused with a 4xx or 5xx; none
    /// crashes the reader or is read as more than it sent.
    @Test func aThousandCorruptedRequestsAreEachReadWaitedForOrRefused() {
        var random = SplitMix64(seed: 0x5EED)
        let valid = Self.bytes("POST /answer HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nOrigin: http://127.0.0.1:8080\r\nContent-Length: 4\r\n\r\nup=1")
        let alphabet = Self.bytes("\r\n :/?=-aZ0\u{7F}") + [0, 0xC3, 0xFF]
        for _ in 0..<1_000 {
            var request = Array(valid.prefix(Int(random.next() % UInt64(valid.count + 1))))
            for _ in 0..<(random.next() % 4) where !request.isEmpty {
                request[Int(random.next() % UInt64(request.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            switch HTTPRequestReader.read(request) {
            case .incomplete: break
            case .complete(_, let consumed): #expect(consumed <= request.count)
            case .rejected(let rejection): #expect(rejection.status.code >= 400)
            }
        }
    }
}

extension HTTPRequestReader.Outcome {
    var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }
}
