/// A record that cannot be written as a readable log line (a programming error upstream, reported not trapped).
public enum LogEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    case unrepresentable(field: String, value: String)
    /// No registered discipline writes records of this kind.
    case unregistered(kind: String)

    public var description: String {
        switch self {
        case .unrepresentable(let field, let value):
            "Cannot save a training record: its \(field) is \(value), which the log format cannot hold "
                + "(numbers must be finite, years 0...9999). This is a bug in Peach; please report it."
        case .unregistered(let kind):
            "Cannot save a training record of kind '\(kind)': no registered discipline writes it. "
                + "This is a bug in Peach; please report it."
        }
    }
}
