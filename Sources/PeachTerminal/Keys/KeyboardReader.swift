import PeachPresentation

/// The app's input loop step: waits for the keyboard or a signal, decodes keys, and resolves a
/// lone ESC into the Escape key once `TerminalInput.escapeTimeoutMilliseconds` pass without the
/// rest of a sequence.
public struct KeyboardReader {
    public enum Event: Hashable, Sendable {
        /// One or more keys (never empty).
        case keys([Key])
        case signals([Int32])
        /// Nothing happened within the timeout (time to advance countdowns, knob-activity lights…).
        case timeout
        case endOfInput
    }

    private let input: TerminalInput
    private var decoder = KeyDecoder()

    public init(input: TerminalInput = TerminalInput()) { self.input = input }

    public mutating func next(timeoutMilliseconds: Int32) -> Event {
        while true {
            let waiting = decoder.hasPendingInput
            let wait = waiting
                ? (timeoutMilliseconds < 0 ? TerminalInput.escapeTimeoutMilliseconds
                                           : min(timeoutMilliseconds, TerminalInput.escapeTimeoutMilliseconds))
                : timeoutMilliseconds
            switch input.next(timeoutMilliseconds: wait) {
            case .bytes(let bytes):
                let keys = decoder.feed(bytes)
                // Only part of a sequence arrived: wait (briefly) for the rest.
                if keys.isEmpty { continue }
                return .keys(keys)
            case .signals(let signals):
                return .signals(signals)
            case .endOfInput:
                let keys = decoder.flush()
                return keys.isEmpty ? .endOfInput : .keys(keys)
            case .timeout:
                guard waiting else { return .timeout }
                let keys = decoder.flush()
                return keys.isEmpty ? .timeout : .keys(keys)
            }
        }
    }
}
