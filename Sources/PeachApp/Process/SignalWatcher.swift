import Dispatch
import Glibc

/// Turns process signals into an `AsyncStream`. The default actions are ignored while watching,
/// so a Ctrl-C reaches the app's own shutdown path (notes off, terminal restored) instead of
/// killing the process with a note still sounding.
public final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]
    public let signals: AsyncStream<ProcessSignal>

    public init(_ watched: [ProcessSignal] = ProcessSignal.allCases) {
        let (stream, continuation) = AsyncStream<ProcessSignal>.makeStream()
        signals = stream
        let queue = DispatchQueue(label: "peach.signals")
        sources = watched.map { signal in
            Glibc.signal(signal.number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
            source.setEventHandler { continuation.yield(signal) }
            source.resume()
            return source
        }
    }

    /// Suspends the process for real after the app has stopped training and restored the terminal:
    /// SIGTSTP is caught, so the shell only sees a stop when we send ourselves SIGSTOP.
    public static func suspendSelf() {
        kill(getpid(), SIGSTOP)
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
