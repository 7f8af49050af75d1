import Glibc

/// The signals the trainer reacts to. SIGTSTP and SIGHUP are the seeds' "app backgrounded".
public enum ProcessSignal: Sendable, Hashable, CaseIterable {
    case interrupt, terminate, hangUp, terminalStop, resumed, windowChanged

    var number: Int32 {
        switch self {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangUp: SIGHUP
        case .terminalStop: SIGTSTP
        case .resumed: SIGCONT
        case .windowChanged: SIGWINCH
        }
    }

    /// Signals after which Peach silences the synth, restores the terminal and exits.
    public var endsProgram: Bool {
        switch self {
        case .interrupt, .terminate, .hangUp: true
        case .terminalStop, .resumed, .windowChanged: false
        }
    }

    /// The conventional exit status of a process ended by this signal (128 + number).
    public var exitStatus: Int32 { 128 + number }
}
