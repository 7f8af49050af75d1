import Glibc
import PeachSystem

/// Stops the process for real after a caught SIGTSTP (the handler only recorded it), and returns
/// once the shell continues it with SIGCONT.
public enum ProcessStopper {
    public static func stopUntilContinued() {
        Signals.unblocked(SIGTSTP) {
            Signals.withDefault(SIGTSTP) { Signals.raise(SIGTSTP) }
        }
    }
}
