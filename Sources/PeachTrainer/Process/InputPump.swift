import Foundation
import PeachCore
import PeachPresentation
import PeachTerminal
import PeachText

/// One thread that waits in poll(2) on the keyboard and the signal self-pipe (never a busy loop:
/// waiting for an answer costs no CPU) and hands what arrives to the main loop as two streams.
/// The keyboard stream finishes at end of input.
public enum InputPump {
    public enum Mode: Sendable {
        case keys, lines
        /// Signals alone (`peach web`: the page sends the input; the terminal's Ctrl-C still ends Peach).
        case signalsOnly
    }

    /// Signals that cannot be watched (no pipe for them) are logged; keys and lines are read all the same.
    public static func start(_ mode: Mode, fileDescriptor: Int32 = STDIN_FILENO, logger: any PeachLogger)
        -> (input: AsyncStream<UserInput>, signals: AsyncStream<ProcessSignal>) {
        do {
            try TerminalSignals.install()
        } catch {
            logger.log(.error, tr(.consoleNoSignals, ["error": "\(error)"]))
        }
        let (input, typed) = AsyncStream<UserInput>.makeStream()
        let (signals, received) = AsyncStream<ProcessSignal>.makeStream()
        // poll(2) ignores a negative descriptor: with signals alone, only the signal pipe is waited on.
        let descriptor = mode == .signalsOnly ? -1 : fileDescriptor
        let thread = Thread {
            var reader = KeyboardReader(input: TerminalInput(fileDescriptor: descriptor))
            let raw = TerminalInput(fileDescriptor: descriptor)
            while true {
                switch mode {
                case .keys:
                    switch reader.next(timeoutMilliseconds: -1) {
                    case .keys(let keys): typed.yield(.keys(keys))
                    case .signals(let numbers): numbers.compactMap(ProcessSignal.init(number:)).forEach { received.yield($0) }
                    case .timeout: continue
                    case .endOfInput: typed.finish(); return
                    }
                case .lines, .signalsOnly:
                    switch raw.next(timeoutMilliseconds: -1) {
                    case .bytes(let bytes): typed.yield(.bytes(bytes))
                    case .signals(let numbers): numbers.compactMap(ProcessSignal.init(number:)).forEach { received.yield($0) }
                    case .timeout: continue
                    case .endOfInput: typed.finish(); return
                    }
                }
            }
        }
        thread.name = "peach.input"
        thread.start()
        return (input, signals)
    }
}
