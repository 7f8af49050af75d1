/// Events from outside the training loop that may have to stop it (docs/training-design.md, Interruptions). Delivered by adapters
/// (signals, the sequencer's announce port) and routed to the active session; nothing is global.
public enum InterruptionEvent: Sendable, Hashable {
    /// The terminal was suspended (SIGTSTP) or hung up (SIGHUP): iOS's "app backgrounded". Stops training.
    case suspended
    /// The synth went away or our subscription to it was removed: iOS's route change
    /// `oldDeviceUnavailable`. Stops training.
    case outputLost(reason: String)
    /// Something else took over the output: iOS's audio interruption `.began`. Stops training.
    case interrupted
    /// The interruption ended (`.ended`). Does not resume: the user does.
    case interruptionEnded
    /// A synth port appeared (iOS's other route changes). Reported only, never resumes.
    case outputAvailable(name: String)

    /// Whether this event stops a running session. No event ever resumes one.
    public var stopsTraining: Bool {
        switch self {
        case .suspended, .outputLost, .interrupted: true
        case .interruptionEnded, .outputAvailable: false
        }
    }
}

/// Delivers interruption events. Each call to `events()` returns a fresh stream for one consumer.
public protocol InterruptionSource: Sendable {
    func events() -> AsyncStream<InterruptionEvent>
}
