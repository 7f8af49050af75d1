/// Quoting that breaks RFC 4180 badly enough that later rows cannot be found reliably.
public enum CSVSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    case unterminatedQuote(line: Int)
    case textAfterClosingQuote(line: Int)

    public var description: String {
        switch self {
        case .unterminatedQuote(let line):
            "the quoted field starting on line \(line) is never closed (a missing '\"')"
        case .textAfterClosingQuote(let line):
            "line \(line) has text right after a closing '\"'; inside quotes, write a quote as '\"\"'"
        }
    }
}
