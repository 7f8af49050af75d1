import PeachPresentation

/// Text and attribute values made safe for HTML: every character that could end an element, an attribute or start
/// an entity is written as its entity, so no text Peach shows (a file name, a device name) becomes markup. The five
/// are XML's too: the SVG pictures' escaping serves both.
public enum HTMLText {
    public static func escape(_ text: String) -> String { ProfileSVG.escape(text) }

    /// `<tag class="…">text</tag>` with the text escaped.
    static func element(_ tag: String, _ text: String, class name: String? = nil) -> String {
        "<\(tag)\(name.map { " class=\"\($0)\"" } ?? "")>\(escape(text))</\(tag)>"
    }
}
