import PeachPresentation

/// Typing a value on the Settings screen (note names, ports, paths): printable keys append,
/// Backspace deletes, Enter commits, Esc cancels. Pure, so the screen just shows `text`.
public struct LineEditor: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case editing
        case commit(String)
        case cancel
    }

    public private(set) var text: String
    /// Keeps a typed value within what fits the Settings value column and any sane port name.
    public let maximumLength: Int

    public init(text: String = "", maximumLength: Int = 200) {
        self.text = text
        self.maximumLength = maximumLength
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return .commit(text)
        case .escape, .ctrlC: return .cancel
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .control("u"):
            text = ""
        case .character(let character):
            if text.count < maximumLength { text.append(character) }
        default:
            break
        }
        return .editing
    }
}
