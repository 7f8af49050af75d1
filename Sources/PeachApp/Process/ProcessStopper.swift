import Glibc

/// Stops the process for real after a caught SIGTSTP (the handler only recorded it), and returns
/// once the shell continues it with SIGCONT.
public enum ProcessStopper {
    @MainActor public static func stopUntilContinued() {
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
    }
}
