/// Modifier keys reported with arrows and other special keys (xterm's `ESC [ 1 ; m X` encoding).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
}

public enum ArrowDirection: Hashable, Sendable {
    case up, down, left, right
}

/// One key press as decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
    /// A printable character, including space and digits.
    case character(Character)
    case arrow(ArrowDirection, KeyModifiers)
    case enter
    case escape
    case backspace
    case tab
    case backTab
    case delete
    case home
    case end
    case pageUp
    case pageDown
    /// Alt (Meta) + a printable character: terminals send ESC then the character in one write.
    /// Kept apart from Escape so an Alt chord never stops training by accident.
    case alt(Character)
    /// Ctrl + a letter, lowercased: `.control("c")` is Ctrl-C (raw mode delivers it as a key).
    case control(Character)
    /// A complete escape sequence Peach does not use (function keys, mouse, …).
    case unknown

    public static let ctrlC = Key.control("c")
    public static let ctrlZ = Key.control("z")
    public static let space = Key.character(" ")
    public static func arrow(_ direction: ArrowDirection) -> Key { .arrow(direction, []) }
}
