/// Named placeholders in catalog texts: `{answered}`. A name is a letter then letters and digits; any
/// other brace is literal text, so translators never escape anything.
public enum Template {
    /// The placeholder names `text` uses, each once, in order of first use.
    public static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        forEachPlaceholder(in: text) { name, _ in if !names.contains(name) { names.append(name) } }
        return names
    }

    /// `text` with each placeholder that has a value replaced by it.
    public static func fill(_ text: String, with values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var copiedUpTo = text.startIndex
        forEachPlaceholder(in: text) { name, range in
            guard let value = values[name] else { return }
            result += text[copiedUpTo..<range.lowerBound] + value
            copiedUpTo = range.upperBound
        }
        return result + text[copiedUpTo...]
    }

    /// Calls `body` with each placeholder's name and its range (braces included).
    private static func forEachPlaceholder(in text: String, _ body: (String, Range<String.Index>) -> Void) {
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "{") {
            let nameStart = text.index(after: open)
            let nameEnd = text[nameStart...].firstIndex { !isNameCharacter($0) } ?? text.endIndex
            let name = text[nameStart..<nameEnd]
            if nameEnd < text.endIndex, text[nameEnd] == "}", let first = name.first, first.isASCII, first.isLetter {
                body(String(name), open..<text.index(after: nameEnd))
                index = text.index(after: nameEnd)
            } else {
                index = nameStart
            }
        }
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}
