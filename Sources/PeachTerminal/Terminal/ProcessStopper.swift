import Glibc

/// Stops the process for real after a caught SIGTSTP (the handler only recorded it), and returns
/// once the shell continues it with SIGCONT.
public enum ProcessStopper {
    public static func stopUntilContinued() {
        withSignalUnblocked(SIGTSTP) {
            let previous = signal(SIGTSTP, SIG_DFL)
            raise(SIGTSTP)
            signal(SIGTSTP, previous)
        }
    }

    /// Runs `body` with `signalNumber` unblocked on the calling thread. `raise` sends to the calling
    /// thread, and on Linux the main actor runs on a Dispatch thread that blocks SIGTSTP (and the other
    /// job-control signals): there a raised SIGTSTP stays pending for ever and the process never stops.
    /// Unblocked, it is delivered before `raise` returns, so the whole process stops right there.
    public static func withSignalUnblocked<T>(_ signalNumber: Int32, _ body: () throws -> T) rethrows -> T {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signalNumber)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
