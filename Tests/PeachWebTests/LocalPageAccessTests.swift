@testable import PeachWeb
import Testing

/// The local page's rules: the loopback host and port only, the secret traded once for a strict cookie, and
/// changes and the event stream from the page's own origin only.
@Suite struct LocalPageAccessTests {
    static let secret = String(repeating: "ab", count: 32)
    static let access = LocalPageAccess(port: 8123, secret: secret)

    static func request(_ method: String = "GET", _ target: String = "/", host: String? = "127.0.0.1:8123",
                        cookie: Bool = true, extra: [HTTPHeader] = []) -> HTTPRequest {
        var headers = host.map { [HTTPHeader("Host", $0)] } ?? []
        if cookie { headers.append(HTTPHeader("Cookie", "theme=dark; peach_session=\(secret)")) }
        return HTTPRequest(method: method, target: target, headers: headers + extra, body: [])
    }

    static func status(_ decision: LocalPageAccess.Decision) -> HTTPStatus? {
        if case .reject(let rejection) = decision { return rejection.status }
        return nil
    }

    @Test func theOwnCookieOnTheOwnHostIsLetIn() {
        #expect(Self.access.decide(Self.request()) == .allow)
        #expect(Self.access.decide(Self.request(host: "localhost:8123")) == .allow)
    }

    @Test func anotherHostIsRefusedEvenWithTheCookie() {
        for host in ["evil.example:8123", "127.0.0.1:8124", "127.0.0.1", "localhost", "0.0.0.0:8123"] {
            #expect(Self.status(Self.access.decide(Self.request(host: host))) == .forbidden, "\(host)")
        }
        #expect(Self.status(Self.access.decide(Self.request(host: nil))) == .forbidden)
    }

    @Test func noCookieOrAWrongOneIsRefused() {
        #expect(Self.status(Self.access.decide(Self.request(cookie: false))) == .forbidden)
        let wrong = HTTPRequest(method: "GET", target: "/", headers: [HTTPHeader("Host", "127.0.0.1:8123"),
                                                                      HTTPHeader("Cookie", "peach_session=\(String(repeating: "cd", count: 32))")])
        #expect(Self.status(Self.access.decide(wrong)) == .forbidden)
    }

    @Test func theOpeningAddressTradesItsSecretForTheCookieOnce() {
        #expect(Self.access.openingURL == "http://127.0.0.1:8123/?secret=\(Self.secret)")
        #expect(Self.access.decide(Self.request("GET", "/?secret=\(Self.secret)", cookie: false)) == .tradeSecretForCookie(location: "/"))
        #expect(Self.status(Self.access.decide(Self.request("GET", "/?secret=0000", cookie: false))) == .forbidden)
        #expect(Self.status(Self.access.decide(Self.request("POST", "/?secret=\(Self.secret)", cookie: false,
                                                            extra: [HTTPHeader("Origin", "http://127.0.0.1:8123")]))) == .forbidden,
                "a change never takes the secret from its address")
        #expect(Self.access.sessionCookie.contains("HttpOnly") && Self.access.sessionCookie.contains("SameSite=Strict"))
    }

    @Test func aChangeNeedsThePagesOwnOrigin() {
        let own = HTTPHeader("Origin", "http://127.0.0.1:8123")
        #expect(Self.access.decide(Self.request("POST", "/answer", extra: [own])) == .allow)
        #expect(Self.status(Self.access.decide(Self.request("POST", "/answer"))) == .forbidden, "no Origin")
        #expect(Self.status(Self.access.decide(Self.request("POST", "/answer", extra: [HTTPHeader("Origin", "http://evil.example")]))) == .forbidden)
        #expect(Self.status(Self.access.decide(Self.request("POST", "/answer", extra: [own, HTTPHeader("Sec-Fetch-Site", "cross-site")]))) == .forbidden)
    }

    @Test func theEventStreamIsRefusedToAnotherSitesPage() {
        let stream = HTTPHeader("Accept", "text/event-stream")
        #expect(Self.access.decide(Self.request("GET", "/events", extra: [stream])) == .allow, "same-origin GETs send no Origin")
        #expect(Self.status(Self.access.decide(Self.request("GET", "/events", extra: [stream, HTTPHeader("Origin", "http://evil.example")]))) == .forbidden)
        #expect(Self.status(Self.access.decide(Self.request("GET", "/events", extra: [stream, HTTPHeader("Sec-Fetch-Site", "cross-site")]))) == .forbidden)
    }

    @Test func everySecretIsNewAndSixtyFourHexDigits() {
        let secrets = (0..<20).map { _ in LocalPageAccess.newSecret() }
        #expect(Set(secrets).count == 20)
        #expect(secrets.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func everyResponseCarriesTheSecurityHeadersAndNoCORS() {
        let text = String(decoding: HTTPResponse.text(.ok, "hello").bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Security-Policy: default-src 'self'"))
        #expect(text.contains("X-Content-Type-Options: nosniff") && text.contains("Cache-Control: no-store"))
        #expect(text.contains("Content-Length: 6\r\n\r\nhello\n"))
        #expect(!text.lowercased().contains("access-control-"))
        let refused = String(decoding: HTTPResponse.rejection(HTTPRejection(.forbidden, "no")).bytes, as: UTF8.self)
        #expect(refused.hasPrefix("HTTP/1.1 403 Forbidden\r\n") && refused.contains("Connection: close"))
    }
}
