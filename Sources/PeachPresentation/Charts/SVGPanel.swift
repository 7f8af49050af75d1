/// One panel of the profile's SVG picture: its height and its elements, drawn from (0, 0) to (width, height).
/// `ProfileSVG.document` stacks the panels; elements are complete SVG tags (text escaped with `ProfileSVG.escape`).
public struct SVGPanel: Sendable {
    public var height: Double
    public var elements: [String]

    public init(height: Double, elements: [String]) {
        self.height = height
        self.elements = elements
    }
}
