import Glibc
import PeachSystem

/// Columns × rows of the terminal window.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The size every screen is designed for and guaranteed readable at.
    public static let standard = TerminalSize(columns: 80, rows: 24)
    /// Below this the screens show only a "terminal too small" message.
    public static let minimum = TerminalSize(columns: 40, rows: 12)

    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)×\(rows)" }

    public var isBelowMinimum: Bool { columns < Self.minimum.columns || rows < Self.minimum.rows }

    /// The window size from the kernel (TIOCGWINSZ), nil when `fileDescriptor` is not a terminal
    /// or reports zero (some pseudo-terminals do before their first resize).
    public static func current(of fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
        TerminalMode.size(of: fileDescriptor).map { TerminalSize(columns: $0.columns, rows: $0.rows) }
    }
}
