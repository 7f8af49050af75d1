import Glibc

/// The termios changes for a full-screen program: no echo, no line buffering, no Ctrl-S/Ctrl-Q
/// flow control, no CR→NL translation. Pure so the bit twiddling is testable without a terminal.
public enum RawMode {
    /// - Parameter keepSignalKeys: false (the default) delivers Ctrl-C and Ctrl-Z as keys, so the
    ///   program decides how to stop; true leaves ISIG on so they raise SIGINT/SIGTSTP.
    public static func attributes(from original: termios, keepSignalKeys: Bool = false) -> termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        // Output post-processing stays on: a stray "\n" from anywhere still returns the carriage.
        raw.c_cflag |= tcflag_t(CS8)
        var localOff = tcflag_t(ECHO | ICANON | IEXTEN)
        if !keepSignalKeys { localOff |= tcflag_t(ISIG) }
        raw.c_lflag &= ~localOff
        // read() returns as soon as one byte is there; callers poll() for timeouts.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }
}
