#if canImport(Glibc)
import Glibc
#endif

/// The flags of an open descriptor, set with `fcntl` and checked: a flag that did not take is an
/// error naming the descriptor, never silently ignored.
public enum DescriptorFlags {
    /// O_NONBLOCK on or off. `name` says which descriptor it is in a message ("the signal pipe").
    public static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool, name: String) throws(SystemError) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { throw SystemError("reading the flags of", name) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard fcntl(descriptor, F_SETFL, wanted) == 0 else {
            throw SystemError(nonBlocking ? "setting O_NONBLOCK on" : "clearing O_NONBLOCK on", name)
        }
    }

    /// FD_CLOEXEC: the descriptor is closed in every program this process starts.
    public static func setCloseOnExec(_ descriptor: Int32, name: String) throws(SystemError) {
        guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else { throw SystemError("setting FD_CLOEXEC on", name) }
    }
}
