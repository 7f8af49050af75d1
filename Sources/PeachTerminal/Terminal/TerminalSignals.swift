import Glibc
import PeachSystem
import PeachText

/// Turns signals into readable events with the self-pipe trick: the handler only writes the signal
/// number into a pipe (async-signal-safe), and the main loop polls that pipe next to the keyboard,
/// so SIGWINCH redraws at once and SIGINT/SIGTERM/SIGHUP/SIGTSTP stop training on the main thread
/// (all notes off, terminal restored) instead of inside a handler.
public enum TerminalSignals {
    /// The signals a terminal program must handle: resize, interrupt, terminate, hang-up, Ctrl-Z from outside, continue.
    public static let handled: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

    nonisolated(unsafe) private static var pipeDescriptors: (read: Int32, write: Int32) = (-1, -1)

    /// The descriptor to poll; -1 before `install`.
    public static var readDescriptor: Int32 { pipeDescriptors.read }

    /// Creates the pipe once and installs recording handlers for `signals`. Idempotent. Throws, and
    /// installs nothing, when the pipe cannot be made: the signals then keep their default actions.
    public static func install(_ signals: [Int32] = handled) throws(SystemError) {
        if pipeDescriptors.read < 0 {
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { throw SystemError("creating", tr(.descriptorSignalPipe)) }
            do {
                for descriptor in descriptors {
                    // Non-blocking: a full pipe drops a byte rather than blocking inside a handler.
                    try DescriptorFlags.setNonBlocking(descriptor, true, name: tr(.descriptorSignalPipe))
                    try DescriptorFlags.setCloseOnExec(descriptor, name: tr(.descriptorSignalPipe))
                }
            } catch {
                descriptors.forEach { close($0) }
                throw error
            }
            pipeDescriptors = (descriptors[0], descriptors[1])
        }
        for signalNumber in signals {
            Signals.install({ received in
                var byte = UInt8(truncatingIfNeeded: received)
                let savedErrno = errno
                _ = write(TerminalSignals.pipeDescriptors.write, &byte, 1)
                errno = savedErrno
            }, for: signalNumber, restartingCalls: true)
        }
    }

    /// Signals received since the last call, oldest first (empty if none).
    public static func drain() -> [Int32] {
        guard pipeDescriptors.read >= 0 else { return [] }
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeDescriptors.read, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer.prefix(count).map { Int32($0) }
        }
        return received
    }
}
