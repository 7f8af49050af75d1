/// Why a Scala scale (.scl) or keyboard mapping (.kbm) was refused. Every message says what is wrong, where
/// (the 1-based line, for problems inside the file) and what to do, because the user fixes these files by hand.
public enum ScalaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but whitespace.
    case emptyFile
    /// NUL or other control bytes: not a text file (a wrong file was chosen).
    case binaryFile
    /// Longer than `ScalaText.maximumBytes`: no scale needs that, and reading on would waste memory.
    case tooLarge(byteCount: Int)
    /// A problem on one line (1-based; one past the last line when the file ends too early).
    case line(Int, ScalaLineProblem)

    public var description: String {
        switch self {
        case .emptyFile:
            "the file is empty: a Scala file needs its values on separate lines (see docs/tunings.md)"
        case .binaryFile:
            "the file is not text (it holds NUL or control bytes): choose a .scl or .kbm text file"
        case .tooLarge(let byteCount):
            "the file is too large (\(byteCount) bytes, at most \(ScalaText.maximumBytes)): choose a .scl or .kbm file"
        case .line(let number, let problem):
            "line \(number): \(problem.message)"
        }
    }
}
