/// One panel of the profile's SVG picture: its height and its elements, drawn from (0, 0) to (width, height).
/// `ProfileSVG.document` stacks the panels; elements are complete SVG tags (text escaped with `ProfileSVG.escape`).
public struct SVGPanel: Sendable {
    public var height: Double
    public var elements: [String]

    public init(height: Double, elements: [String]) {
        self.height = height
        self.elements = elements
    }

    /// The left edge every panel's text starts at (the charts' plot begins there too).
    public static let textLeft = 70.0

    /// Room the picture's title takes at the top of the first panel (a chart leaves it above its plot).
    static let titleRoom = 28.0

    /// A panel of one line of text, broken where it would run off the picture: what a discipline says instead of
    /// a chart it has no figures for ("Pitch matching — no attempts yet"), at a heading's size by default.
    /// `underTitle`: the picture's first panel, below its title.
    public static func line(_ text: String, fontSize: Double = 14, underTitle: Bool = false) -> SVGPanel {
        let baseline = (underTitle ? titleRoom : 0) + fontSize + 10
        let elements = SVGText.elements(text, baseline: baseline, fontSize: fontSize, spacing: fontSize + 4)
        return SVGPanel(height: baseline + Double(elements.count - 1) * (fontSize + 4) + 10, elements: elements)
    }

    /// This panel with one more line of caption text under its last one (captions sit 10 above a panel's bottom).
    public func appendingLine(_ text: String) -> SVGPanel {
        let added = SVGText.elements(text, baseline: height + 8)
        return SVGPanel(height: height + 18 + Double(added.count - 1) * 16, elements: elements + added)
    }
}
