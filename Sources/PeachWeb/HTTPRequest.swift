/// One HTTP/1.1 request as the page's server reads it: method, target, headers and body. Header names compare
/// without case, as HTTP says.
public struct HTTPRequest: Equatable, Sendable {
    public var method: String
    /// The request target as sent: a path with an optional query ("/start?secret=…").
    public var target: String
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(method: String, target: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// The target's path, without its query.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// The query's `name=value` pairs (no percent-decoding: Peach's own links need none).
    public var query: [String: String] {
        guard let mark = target.firstIndex(of: "?") else { return [:] }
        var pairs: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if let name = parts.first, pairs[String(name)] == nil { pairs[String(name)] = parts.count > 1 ? String(parts[1]) : "" }
        }
        return pairs
    }

    /// Whether the request changes state (anything but GET and HEAD).
    public var isStateChanging: Bool { method != "GET" && method != "HEAD" }
}

public struct HTTPHeader: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        count == other.count && lowercased() == other.lowercased()
    }
}
