#if canImport(Glibc)
import Glibc
#endif

/// Waiting for descriptors to become readable, the raw poll(2) wrapped once.
public enum Poll {
    /// What a wait ended with.
    public enum Outcome: Equatable, Sendable {
        /// This many descriptors have events (their `revents` say which); 0 when the timeout passed.
        case ready(Int)
        /// A signal arrived first (EINTR): poll again, or look at what the signal said.
        case interrupted
        case failed(SystemError)
    }

    /// Waits until one of `descriptors` has an event, `timeoutMilliseconds` pass (-1: no timeout), or a signal
    /// arrives.
    public static func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Outcome {
        let result = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        if result >= 0 { return .ready(Int(result)) }
        return errno == EINTR ? .interrupted : .failed(SystemError("waiting on", "\(descriptors.count) descriptors"))
    }

    /// A descriptor to wait for input on.
    public static func readable(_ descriptor: Int32) -> pollfd { pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0) }
}
