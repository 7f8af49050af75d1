/// The handful of ANSI/VT100 escape sequences Peach needs; plain strings so frames stay testable.
public enum ANSI {
    public static let escape = "\u{1B}"
    public static let csi = escape + "["

    public static let enterAlternateScreen = csi + "?1049h"
    public static let leaveAlternateScreen = csi + "?1049l"
    public static let hideCursor = csi + "?25l"
    public static let showCursor = csi + "?25h"
    public static let home = csi + "H"
    public static let clearScreen = csi + "2J"
    public static let clearToEndOfLine = csi + "K"
    public static let clearToEndOfScreen = csi + "J"
    public static let resetStyle = csi + "0m"
    public static let bell = "\u{07}"

    /// Select Graphic Rendition with the given numeric parameters.
    public static func style(_ codes: [Int]) -> String {
        csi + codes.map(String.init).joined(separator: ";") + "m"
    }
}
