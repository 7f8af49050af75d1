import PeachPresentation
import PeachTerminal

/// What the user typed: decoded keys in full-screen mode, raw bytes (whole lines) in plain mode, what the page sent.
public enum UserInput: Hashable, Sendable {
    case keys([Key])
    case bytes([UInt8])
    case page(PageInput)
}
