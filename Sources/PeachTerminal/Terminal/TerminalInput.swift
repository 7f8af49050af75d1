import Glibc
import PeachSystem

/// Waits for the keyboard or a signal, at most a timeout. Key bytes go to `KeyDecoder`; a timeout
/// right after a lone ESC means "no sequence followed": flush the decoder.
public struct TerminalInput: Sendable {
    /// How long a lone ESC waits for the rest of an escape sequence. Terminals send a whole
    /// sequence in one write, so 50 ms is plenty even over ssh and short enough not to be felt.
    public static let escapeTimeoutMilliseconds: Int32 = 50

    public enum Event: Hashable, Sendable {
        case bytes([UInt8])
        /// From `TerminalSignals` (SIGWINCH, SIGINT, …), oldest first.
        case signals([Int32])
        case timeout
        /// The terminal went away (read returned end of file or an error other than EINTR).
        case endOfInput
    }

    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32 = STDIN_FILENO) { self.fileDescriptor = fileDescriptor }

    /// `timeoutMilliseconds` < 0 waits forever. Signals are reported before key bytes.
    public func next(timeoutMilliseconds: Int32) -> Event {
        var descriptors = [Poll.readable(fileDescriptor)]
        if TerminalSignals.readDescriptor >= 0 {
            descriptors.append(Poll.readable(TerminalSignals.readDescriptor))
        }
        switch Poll.wait(&descriptors, timeoutMilliseconds: timeoutMilliseconds) {
        case .interrupted, .failed:
            let signals = TerminalSignals.drain()
            return signals.isEmpty ? .timeout : .signals(signals)
        case .ready(0): return .timeout
        case .ready: break
        }
        let signals = TerminalSignals.drain()
        if !signals.isEmpty { return .signals(signals) }
        let keyboard = descriptors[0].revents
        if keyboard & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer.prefix(count))) }
            if count < 0 && errno == EINTR { return .timeout }
            return .endOfInput
        }
        if keyboard & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .endOfInput }
        return .timeout
    }
}
