import PeachText

/// A record that cannot be written as a readable log line (a programming error upstream, reported not trapped).
public enum LogEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    case unrepresentable(field: String, value: String)
    /// No registered discipline writes records of this kind.
    case unregistered(kind: String)

    public var description: String {
        switch self {
        case .unrepresentable(let field, let value):
            tr(.logUnrepresentable, ["field": field, "value": "\(value)"])
        case .unregistered(let kind):
            tr(.logUnregistered, ["kind": kind])
        }
    }
}
