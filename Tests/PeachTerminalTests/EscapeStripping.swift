import PeachPresentation
@testable import PeachTerminal

/// What a colour frame shows once its styles are taken away (the screens never need it themselves).
extension TextLayout {
    /// The text without escape sequences.
    static func stripEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
