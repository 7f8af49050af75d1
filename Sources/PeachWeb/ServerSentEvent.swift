/// One event of the page's event stream (the HTML standard's `text/event-stream`): a name and its data, each line of
/// the data on a `data:` line of its own, so a browser's `EventSource` hands the page the data whole.
public struct ServerSentEvent: Equatable, Sendable {
    public var name: String
    public var data: String

    public init(name: String, data: String) {
        self.name = name
        self.data = data
    }

    /// The event as the stream carries it. A carriage return would end a line early, so lines are split at any line end.
    public var bytes: [UInt8] {
        let lines = data.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return Array(("event: \(name)\n" + lines.map { "data: \($0)\n" }.joined() + "\n").utf8)
    }

    /// A comment line: keeps a quiet stream alive through proxies and tells the server whether the tab is still there.
    public static let heartbeat: [UInt8] = Array(": still here\n\n".utf8)

    /// The head that opens the stream: no Content-Length (it does not end), the headers every response carries.
    public static var streamHead: [UInt8] {
        let headers = [HTTPHeader("Content-Type", "text/event-stream; charset=utf-8"), HTTPHeader("Connection", "keep-alive")]
            + HTTPResponse.securityHeaders
        let lines = ["HTTP/1.1 200 OK"] + headers.map { "\($0.name): \($0.value)" }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
