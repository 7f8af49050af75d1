/// Whether screens may use colour and text attributes, or must be plain text.
public enum ColorMode: Hashable, Sendable {
    case color
    case monochrome

    /// `NO_COLOR` (any non-empty value, see no-color.org) and `TERM=dumb` or no `TERM` at all
    /// mean monochrome; so does output that is not a terminal. Pure: callers pass the environment.
    public static func detect(environment: [String: String], outputIsTerminal: Bool) -> ColorMode {
        guard outputIsTerminal else { return .monochrome }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return .monochrome }
        return .color
    }
}
