/// Text and attribute values made safe for HTML: every character that could end an element, an attribute or start
/// an entity is written as its entity, so no text Peach shows (a file name, a device name) becomes markup.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `<tag class="…">text</tag>` with the text escaped.
    static func element(_ tag: String, _ text: String, class name: String? = nil) -> String {
        "<\(tag)\(name.map { " class=\"\($0)\"" } ?? "")>\(escape(text))</\(tag)>"
    }
}
