/// A response of the local page's server, written with the headers every response carries: a Content-Security-
/// Policy that lets the page load only from itself, no sniffing, no referrer, no caching, and never a CORS header.
public struct HTTPResponse: Equatable, Sendable {
    public var status: HTTPStatus
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(_ status: HTTPStatus, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }

    public static func rejection(_ rejection: HTTPRejection) -> HTTPResponse {
        var response = text(rejection.status, rejection.description)
        response.headers.append(HTTPHeader("Connection", "close"))
        return response
    }

    public static let securityHeaders = [
        HTTPHeader("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        HTTPHeader("X-Content-Type-Options", "nosniff"),
        HTTPHeader("Referrer-Policy", "no-referrer"),
        HTTPHeader("Cache-Control", "no-store"),
    ]

    /// The status line, the headers (the security headers and Content-Length added), the body.
    public var bytes: [UInt8] {
        var lines = ["HTTP/1.1 \(status.code) \(status.phrase)"]
        for header in headers + Self.securityHeaders + [HTTPHeader("Content-Length", "\(body.count)")] {
            lines.append("\(header.name): \(header.value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }
}
