import Foundation
import PeachCore
import PeachText
import PeachTrainer

/// Warnings and errors for the user: printed at once in line mode; held back while the full-screen
/// UI owns the terminal (a stray line would garble it) and printed after it is restored.
public final class ConsoleLogger: PeachLogger, @unchecked Sendable {
    // @unchecked: `held` and `passThrough` are only touched under `lock`.
    private let lock = NSLock()
    private let console: Console
    private let minimum: LogLevel
    private var passThrough = true
    private var held: [String] = []

    public init(console: Console, minimum: LogLevel = .warning) {
        self.console = console
        self.minimum = minimum
    }

    public func log(_ level: LogLevel, _ message: String) {
        guard level >= minimum else { return }
        let line = "peach: \(Self.word(level)): \(message)\n"
        let printNow = lock.withLock { () -> Bool in
            if !passThrough { held.append(line) }
            return passThrough
        }
        if printNow { console.err(line) }
    }

    /// "warning", "error" in the user's language (the messages of the sequencer and MIDI layers stay English).
    static func word(_ level: LogLevel) -> String {
        switch level {
        case .warning: tr(.configWarning)
        case .error: tr(.configError)
        case .debug, .info: level.rawValue
        }
    }

    /// While the full-screen UI runs.
    public func holdBack() { lock.withLock { passThrough = false } }

    /// Prints what was held back and prints directly again.
    public func release() {
        let lines = lock.withLock { () -> [String] in
            passThrough = true
            defer { held.removeAll() }
            return held
        }
        lines.forEach(console.err)
    }
}
