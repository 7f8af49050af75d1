import PeachText

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
        case .emptyFile: tr(.scalaEmptyFile)
        case .binaryFile: tr(.scalaBinaryFile)
        case .tooLarge(let byteCount): tr(.scalaTooLarge, ["bytes": "\(byteCount)", "maximum": "\(ScalaText.maximumBytes)"])
        case .line(let number, let problem): tr(.scalaLine, ["line": "\(number)", "problem": problem.message])
        }
    }
}
