/// A value the user gave (a CSV cell, a configuration value, a command-line word) as it is repeated
/// in a message: at most `limit` characters followed by "…", with control characters shown as
/// visible symbols, so a 2 MB cell or an escape sequence never floods or garbles the terminal.
public enum Echo {
    public static let limit = 40

    /// `text`, cut to `limit` characters plus "…" when longer.
    public static func clipped(_ text: some StringProtocol, limit: Int = Echo.limit) -> String {
        var result = ""
        var count = 0
        for character in text {
            if count == limit { return result + "…" }
            result += visible(character)
            count += 1
        }
        return result
    }

    /// `'text'`, clipped.
    public static func quoted(_ text: some StringProtocol, limit: Int = Echo.limit) -> String {
        "'" + clipped(text, limit: limit) + "'"
    }

    /// C0 controls and DEL as their Unicode control pictures (␛, ␍, ␀, ␡).
    private static func visible(_ character: Character) -> String {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
            return character == "\r\n" ? "␍␊" : String(character)
        }
        switch scalar.value {
        case 0..<0x20: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "␡"
        default: return String(character)
        }
    }
}
