import Glibc

/// Reads whatever bytes the terminal has, waiting at most a timeout. The bytes go to `KeyDecoder`;
/// an empty result after a lone ESC means "no sequence followed": flush the decoder.
public struct TerminalInput: Sendable {
    /// How long a lone ESC waits for the rest of an escape sequence. Terminals send a whole
    /// sequence in one write, so 50 ms is plenty even over ssh and short enough not to be felt.
    public static let escapeTimeoutMilliseconds: Int32 = 50

    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32 = STDIN_FILENO) { self.fileDescriptor = fileDescriptor }

    /// Bytes read, empty on timeout or when interrupted by a signal (the caller checks its flags
    /// and loops). `timeoutMilliseconds` < 0 waits forever.
    public func read(timeoutMilliseconds: Int32) -> [UInt8] {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }
}
