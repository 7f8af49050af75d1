import Glibc
import PeachSystem

/// The terminal state to put back, kept in process-global storage so that a signal handler, an
/// `atexit` hook and the normal quit path can all restore it. `restore()` touches only memory set
/// up before raw mode began and calls only async-signal-safe functions (`tcsetattr`, `write`), so
/// it is safe to call from a signal handler; it is idempotent, so every exit path may call it.
public enum TerminalRestorer {
    // Written only by `save` (before raw mode, on the main thread) and read by `restore`,
    // which may run inside a signal handler: a lock here could deadlock, so none is used.
    nonisolated(unsafe) private static var savedAttributes = termios()
    nonisolated(unsafe) private static var fileDescriptor: Int32 = -1
    nonisolated(unsafe) private static var outputDescriptor: Int32 = STDOUT_FILENO
    nonisolated(unsafe) private static var isSaved = false
    nonisolated(unsafe) private static var needsRestore = false
    nonisolated(unsafe) private static var screenWasAlternate = false
    nonisolated(unsafe) private static var atExitInstalled = false

    // Pre-encoded at save time so restoring allocates nothing.
    nonisolated(unsafe) private static var leaveScreenBytes: [UInt8] = []

    /// Remembers the attributes of `fileDescriptor` as they are now; `restore` will also write the
    /// leave-full-screen sequences to `outputDescriptor`. Returns false when it is not a terminal.
    @discardableResult
    public static func save(fileDescriptor: Int32, outputDescriptor: Int32 = STDOUT_FILENO,
                            usesAlternateScreen: Bool) -> Bool {
        guard let attributes = TerminalMode.attributes(of: fileDescriptor) else { return false }
        savedAttributes = attributes
        Self.fileDescriptor = fileDescriptor
        Self.outputDescriptor = outputDescriptor
        screenWasAlternate = usesAlternateScreen
        leaveScreenBytes = Array((ANSI.resetStyle + ANSI.showCursor
                                  + (usesAlternateScreen ? ANSI.leaveAlternateScreen : "")).utf8)
        isSaved = true
        needsRestore = true
        if !atExitInstalled {
            atExitInstalled = true
            // Covers `exit()` from anywhere, including paths that never reach a `defer`.
            atexit { TerminalRestorer.restore() }
        }
        return true
    }

    /// Puts the saved attributes back and leaves the alternate screen with the cursor shown.
    /// Safe to call any number of times and from a signal handler.
    public static func restore() {
        guard isSaved, needsRestore else { return }
        needsRestore = false
        leaveScreenBytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(outputDescriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
        try? TerminalMode.apply(savedAttributes, to: fileDescriptor)
    }

    /// After a `restore` for job control (Ctrl-Z), marks the state as needing restore again once
    /// the caller has re-entered raw mode.
    static func rearm() { if isSaved { needsRestore = true } }

    /// Installs handlers for the signals a crash raises (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
    /// SIGABRT — Swift's `fatalError` and traps land here) that run the `CrashActions` (the synth's
    /// silence first), restore the terminal and then die with the same signal, so neither a note
    /// nor the shell's raw mode outlives a crash. They replace the Swift runtime's backtracer, which
    /// would keep the dead process (and its notes and FluidSynth) around while it symbolicates.
    /// Idempotent; harmless in line mode (nothing to restore there).
    public static func installCrashHandlers() {
        CrashActions.prepare()
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
            Signals.install({ received in
                CrashActions.runAll()
                TerminalRestorer.restore()
                Signals.restoreDefault(received)
                Signals.raise(received)
            }, for: signalNumber, once: true)
        }
    }
}
