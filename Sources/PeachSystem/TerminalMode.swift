#if canImport(Glibc)
import Glibc
#endif

/// A terminal's line discipline and size, each raw call wrapped once.
public enum TerminalMode {
    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The attributes of the terminal on `descriptor`, or nil (not a terminal, or closed). Async-signal-safe.
    public static func attributes(of descriptor: Int32) -> termios? {
        var attributes = termios()
        return tcgetattr(descriptor, &attributes) == 0 ? attributes : nil
    }

    /// Applies `attributes` once output already written has been sent, discarding input not yet read
    /// (TCSAFLUSH). Async-signal-safe.
    public static func apply(_ attributes: termios, to descriptor: Int32) throws(SystemError) {
        var attributes = attributes
        guard tcsetattr(descriptor, TCSAFLUSH, &attributes) == 0 else { throw SystemError("setting the mode of", "the terminal") }
    }

    /// The terminal's size in columns and rows, or nil when it does not say.
    public static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }
}
