/// The rules every request to the local page is held to, as a local service must (docs/web.md): the Host is this
/// loopback address and port (a DNS-rebinding page names another host); the client holds this run's secret, from the
/// address Peach opened, traded once for an HttpOnly, SameSite=Strict cookie; and a request that changes something,
/// or opens the event stream, comes from the page's own origin. Nothing here is logged, least of all the secret.
public struct LocalPageAccess: Sendable {
    public static let cookieName = "peach_session"
    /// Where the page's event stream is opened: held to the origin rules whatever its Accept header says.
    public static let eventStreamPath = "/events"

    public let port: UInt16
    private let secret: String

    /// `secret`: a fresh one for every start (`newSecret()`).
    public init(port: UInt16, secret: String) {
        self.port = port
        self.secret = secret
    }

    /// 32 random bytes as 64 hex digits, from the system's cryptographic source.
    public static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The address to open: it carries the secret once.
    public var openingURL: String { "http://127.0.0.1:\(port)/?secret=\(secret)" }

    public enum Decision: Equatable, Sendable {
        case allow
        /// The opening address's secret: set the cookie and send the browser to `location`, without the secret.
        case tradeSecretForCookie(location: String)
        case reject(HTTPRejection)
    }

    public func decide(_ request: HTTPRequest) -> Decision {
        guard let host = request.header("Host"), ownHosts.contains(host) else {
            return .reject(HTTPRejection(.forbidden, "this page answers only at 127.0.0.1:\(port)"))
        }
        if request.isStateChanging || Self.isEventStream(request), let problem = originProblem(request) {
            return .reject(problem)
        }
        if let cookie = Self.cookie(Self.cookieName, in: request), Self.equalInConstantTime(cookie, secret) { return .allow }
        if !request.isStateChanging, let offered = request.query["secret"], Self.equalInConstantTime(offered, secret) {
            return .tradeSecretForCookie(location: request.path)
        }
        return .reject(HTTPRejection(.forbidden, "open the address Peach printed when it started: it holds this run's key"))
    }

    /// The cookie that proves the secret: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it).
    public var sessionCookie: String { "\(Self.cookieName)=\(secret); HttpOnly; SameSite=Strict; Path=/" }

    private var ownHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }
    private var ownOrigins: Set<String> { Set(ownHosts.map { "http://" + $0 }) }

    /// A request that changes state must name the page's own origin (browsers always send Origin with one); the
    /// event stream may omit it (same-origin GETs do) but must not name another, nor come from another site.
    private func originProblem(_ request: HTTPRequest) -> HTTPRejection? {
        let origin = request.header("Origin")
        if let origin, !ownOrigins.contains(origin) {
            return HTTPRejection(.forbidden, "a request from another site's page is refused")
        }
        if origin == nil && request.isStateChanging {
            return HTTPRejection(.forbidden, "a change must come from Peach's own page")
        }
        if let site = request.header("Sec-Fetch-Site"), site != "same-origin" && site != "none" {
            return HTTPRejection(.forbidden, "a request from another site's page is refused")
        }
        return nil
    }

    /// The event stream's path, or any request that asks for an event stream.
    public static func isEventStream(_ request: HTTPRequest) -> Bool {
        request.path == eventStreamPath || request.header("Accept")?.contains("text/event-stream") == true
    }

    static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        for header in request.headers where header.name.caseInsensitiveEquals("Cookie") {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingSpaces() == name { return parts[1].trimmingSpaces() }
            }
        }
        return nil
    }

    /// Compares without returning early, so the time taken says nothing about how much of a guess was right.
    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
