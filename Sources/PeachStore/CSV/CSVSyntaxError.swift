import PeachText

/// Quoting that breaks RFC 4180 badly enough that later rows cannot be found reliably.
public enum CSVSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    case unterminatedQuote(line: Int)
    case textAfterClosingQuote(line: Int)

    public var description: String {
        switch self {
        case .unterminatedQuote(let line):
            tr(.csvUnterminatedQuote, ["line": "\(line)"])
        case .textAfterClosingQuote(let line):
            tr(.csvTextAfterQuote, ["line": "\(line)"])
        }
    }
}
