import PeachPresentation

/// Adds colour and attributes in colour mode and nothing at all in monochrome, so a monochrome
/// frame is exactly the colour frame with its SGR codes removed (the tests rely on this).
public struct Styler: Hashable, Sendable {
    public let mode: ColorMode

    public init(_ mode: ColorMode) { self.mode = mode }

    public func bold(_ text: String) -> String { apply([1], text) }
    public func dim(_ text: String) -> String { apply([2], text) }
    public func inverse(_ text: String) -> String { apply([7], text) }
    /// Correct answers, connected devices.
    public func good(_ text: String) -> String { apply([1, 32], text) }
    /// Wrong answers, lost devices.
    public func bad(_ text: String) -> String { apply([1, 31], text) }
    /// Warnings that need attention.
    public func warning(_ text: String) -> String { apply([1, 33], text) }
    /// The thing to look at (current note, chart line).
    public func accent(_ text: String) -> String { apply([36], text) }

    private func apply(_ codes: [Int], _ text: String) -> String {
        guard mode == .color, !text.isEmpty else { return text }
        return ANSI.style(codes) + text + ANSI.resetStyle
    }
}
