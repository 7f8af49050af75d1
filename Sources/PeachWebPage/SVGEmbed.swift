/// An SVG document placed in the page: its XML declaration dropped (it is not allowed inside HTML); the picture
/// scales to the page's width.
enum SVGEmbed {
    static func inline(_ svg: String) -> String {
        var text = Substring(svg)
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = text[end.upperBound...] }
        return text.trimmingPrefix(while: \.isWhitespace).replacing("<svg ", with: "<svg role=\"img\" class=\"picture\" ", maxReplacements: 1)
    }
}

private extension Substring {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> String { String(drop(while: predicate)) }
}
