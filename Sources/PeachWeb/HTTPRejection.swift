/// Why a request is refused, with the status it gets and a line that says what was wrong.
public struct HTTPRejection: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status.code) \(status.phrase): \(reason)" }
}

/// The statuses the page's server answers with.
public enum HTTPStatus: Int, Equatable, Sendable {
    case ok = 200
    case noContent = 204
    case seeOther = 303
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case conflict = 409
    case lengthRequired = 411
    case contentTooLarge = 413
    case uriTooLong = 414
    case headersTooLarge = 431
    case internalServerError = 500
    case notImplemented = 501
    case serviceUnavailable = 503
    case versionNotSupported = 505

    public var code: Int { rawValue }

    public var phrase: String {
        switch self {
        case .ok: "OK"
        case .noContent: "No Content"
        case .seeOther: "See Other"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .conflict: "Conflict"
        case .lengthRequired: "Length Required"
        case .contentTooLarge: "Content Too Large"
        case .uriTooLong: "URI Too Long"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .internalServerError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
