#if canImport(Glibc)
import Glibc
#endif

/// Signal dispositions, each raw call wrapped once. The handlers themselves stay with their owners (the
/// terminal's self-pipe, the crash handlers): a handler is a C function that captures nothing.
public enum Signals {
    public typealias Handler = @convention(c) (Int32) -> Void

    /// The signal is ignored from now on (and in children started after, unless they reset it).
    public static func ignore(_ signal: Int32) { _ = Glibc.signal(signal, SIG_IGN) }

    /// The signal takes its default action again. Async-signal-safe.
    public static func restoreDefault(_ signal: Int32) { _ = Glibc.signal(signal, SIG_DFL) }

    /// Ignores `signal` for the duration of `body`, then puts back whatever disposition it had.
    public static func ignoring<Result>(_ signal: Int32, _ body: () throws -> Result) rethrows -> Result {
        let previous = Glibc.signal(signal, SIG_IGN)
        defer { _ = Glibc.signal(signal, previous) }
        return try body()
    }

    /// Lets `signal` take its default action for the duration of `body` (a stop: the process stops inside it),
    /// then puts back whatever disposition it had.
    public static func withDefault<Result>(_ signal: Int32, _ body: () throws -> Result) rethrows -> Result {
        let previous = Glibc.signal(signal, SIG_DFL)
        defer { _ = Glibc.signal(signal, previous) }
        return try body()
    }

    /// Installs `handler` for `signal` with no signals blocked while it runs. `restartingCalls`: interrupted
    /// system calls resume (SA_RESTART); `once`: the disposition resets to default as the handler starts
    /// (SA_RESETHAND, for a handler that ends by raising the signal again).
    public static func install(_ handler: Handler, for signal: Int32, restartingCalls: Bool = false, once: Bool = false) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        // SA_RESETHAND is 0x80000000, which does not fit Int32 by value.
        action.sa_flags = (restartingCalls ? Int32(SA_RESTART) : 0) | (once ? Int32(truncatingIfNeeded: SA_RESETHAND) : 0)
        sigaction(signal, &action, nil)
    }

    /// Runs `body` with `signal` unblocked on the calling thread, then puts the thread's mask back. `raise` sends
    /// to the calling thread, and on Linux the main actor runs on a Dispatch thread that blocks SIGTSTP (and the
    /// other job-control signals): there a raised SIGTSTP stays pending for ever. Unblocked, it is delivered
    /// before `raise` returns.
    public static func unblocked<Result>(_ signal: Int32, _ body: () throws -> Result) rethrows -> Result {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Raises `signal` in this process. Async-signal-safe.
    public static func raise(_ signal: Int32) { _ = Glibc.raise(signal) }

    /// Sends `signal` to the process `pid`; false when it does not exist (or may not be signalled).
    @discardableResult
    public static func send(_ signal: Int32, to pid: Int32) -> Bool { kill(pid, signal) == 0 }
}
