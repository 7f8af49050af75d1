import Glibc
import PeachSystem
import PeachText

/// Errors entering full-screen mode.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal
    case cannotSetAttributes(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal: tr(.terminalNotATerminal)
        case .cannotSetAttributes(let code): tr(.terminalCannotSetRawMode, ["reason": String(cString: strerror(code))])
        }
    }
}

/// Raw mode, alternate screen and hidden cursor for as long as the session lives. `restore()` is
/// idempotent and also runs from `deinit`, `atexit` and (via `TerminalRestorer`) signal handlers,
/// so every exit path leaves the shell usable.
public final class TerminalSession {
    public let inputDescriptor: Int32
    public let output: TerminalOutput
    private let keepSignalKeys: Bool

    public init(inputDescriptor: Int32 = STDIN_FILENO, output: TerminalOutput = TerminalOutput(),
                keepSignalKeys: Bool = false) throws(TerminalError) {
        self.inputDescriptor = inputDescriptor
        self.output = output
        self.keepSignalKeys = keepSignalKeys
        guard TerminalMode.isTerminal(inputDescriptor) else { throw .notATerminal }
        guard TerminalRestorer.save(fileDescriptor: inputDescriptor, outputDescriptor: output.fileDescriptor,
                                    usesAlternateScreen: true) else {
            throw .notATerminal
        }
        try enterFullScreen()
    }

    deinit { TerminalRestorer.restore() }

    /// Back to the shell's terminal state. Safe to call more than once.
    public func restore() { TerminalRestorer.restore() }

    /// Ctrl-Z: restore the terminal, stop the process, and come back in full-screen mode after `fg`.
    /// The caller stops training first and redraws afterwards (the Start screen; docs/training-design.md, Keys).
    public func suspend() throws(TerminalError) {
        TerminalRestorer.restore()
        // A SIGTSTP handler (TerminalSignals) would only record the signal: stop for real.
        // Execution continues here after SIGCONT.
        ProcessStopper.stopUntilContinued()
        TerminalRestorer.rearm()
        try enterFullScreen()
    }

    /// The whole-frame writer for this session's output.
    public func draw(_ lines: [String]) { output.write(FrameRenderer.frame(lines)) }

    private func enterFullScreen() throws(TerminalError) {
        guard let original = TerminalMode.attributes(of: inputDescriptor) else { throw .cannotSetAttributes(errno: errno) }
        do throws(SystemError) {
            try TerminalMode.apply(RawMode.attributes(from: original, keepSignalKeys: keepSignalKeys), to: inputDescriptor)
        } catch {
            TerminalRestorer.restore()
            throw .cannotSetAttributes(errno: error.code)
        }
        output.write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.clearScreen + ANSI.home)
    }
}
