import PeachPresentation

/// Keys by the names a browser gives them (`KeyboardEvent.key`, with "Shift+" before an arrow held with Shift): the
/// page sends a key press by its name, and a button names the key it stands for.
public enum WebKeyName {
    private static let named: [String: Key] = [
        "Enter": .enter, "Escape": .escape, "Backspace": .backspace, "Tab": .tab, "Delete": .delete,
        "Home": .home, "End": .end, "PageUp": .pageUp, "PageDown": .pageDown,
        "ArrowUp": .arrow(.up), "ArrowDown": .arrow(.down), "ArrowLeft": .arrow(.left), "ArrowRight": .arrow(.right),
    ]

    /// The key a page named; nil for a name Peach does not use.
    public static func key(_ name: String) -> Key? {
        if name.hasPrefix("Shift+"), case .arrow(let direction, _)? = named[String(name.dropFirst(6))] {
            return .arrow(direction, .shift)
        }
        if let key = named[name] { return key }
        guard name.count == 1, let character = name.first, !character.isNewline,
              character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return nil }
        return .character(character)
    }

    /// The name the page sends for `key`; nil for a key a page cannot press.
    public static func name(_ key: Key) -> String? {
        switch key {
        case .character(let character): String(character)
        case .arrow(let direction, let modifiers):
            (modifiers.contains(.shift) ? "Shift+" : "") + named.first { $0.value == .arrow(direction, []) }!.key
        case .enter, .escape, .backspace, .tab, .delete, .home, .end, .pageUp, .pageDown:
            named.first { $0.value == key }?.key
        case .backTab, .alt, .control, .unknown: nil
        }
    }
}
