import Dispatch
import Glibc
import PeachSystem
import Synchronization

/// SIGINT, SIGTERM and SIGHUP during a command that plays notes without the trainer's run loop (`peach calibrate
/// --capture`): the first one calls `onSignal` (which cancels the work; its own failure path silences the synth),
/// and the command ends with that signal's conventional status. Signals are read by a Dispatch source, not in a
/// handler, so anything may be done on one.
public final class CommandInterruption: @unchecked Sendable {
    // @unchecked: `sources` is written in `init` and read in `stop`, both on the command's task.
    public static let signals: [ProcessSignal] = [.interrupt, .terminate, .hangUp]
    private let first = FirstSignal()
    private var sources: [any DispatchSourceSignal] = []

    public init(onSignal: @escaping @Sendable () -> Void) {
        for signal in Self.signals {
            Signals.ignore(signal.number)
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .global())
            source.setEventHandler { [first] in
                let isFirst = first.value.withLock { received -> Bool in
                    guard received == nil else { return false }
                    received = signal
                    return true
                }
                if isFirst { onSignal() }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The first signal received, if any.
    public var received: ProcessSignal? { first.value.withLock { $0 } }

    /// The signals' default actions back.
    public func stop() {
        for source in sources { source.cancel() }
        sources = []
        for signal in Self.signals { Signals.restoreDefault(signal.number) }
    }
}

/// The first signal, shared by the handlers (a `Mutex` cannot be captured by value).
private final class FirstSignal: Sendable {
    public let value = Mutex<ProcessSignal?>(nil)
}
