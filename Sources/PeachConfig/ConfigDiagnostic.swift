import PeachCore
import PeachText

/// A problem found in a configuration file. Never fatal: Peach runs with the default instead.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: Hashable, Sendable {
        /// A value was rejected and the default is used.
        case error
        /// Something was ignored (unknown key or section, duplicate, unreadable line).
        case warning
    }

    public let severity: Severity
    public let file: String
    public let line: Int?
    /// "[section] key" when the problem is about a key.
    public let key: String?
    public let value: String?
    public let allowed: String?
    public let message: String

    public init(severity: Severity, file: String, line: Int?, key: String? = nil, value: String? = nil,
                allowed: String? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.key = key
        self.value = value
        self.allowed = allowed
        self.message = message
    }

    /// `peach.conf:12: error: [training] note_duration = 9: allowed 0.2...5 seconds; using the default 1`
    public var description: String {
        var text = file + (line.map { ":\($0)" } ?? "") + ": " + tr(severity == .error ? .configError : .configWarning) + ": "
        // Keys are clipped where they are made (a known section plus the user's name); values here.
        if let key { text += key + (value.map { " = " + Echo.clipped($0) } ?? "") + ": " }
        else if let value { text += Echo.clipped(value) + ": " }
        text += message
        return text
    }
}
