import Glibc

/// The signals the trainer reacts to (delivered by `TerminalSignals`' self-pipe). SIGTSTP and
/// SIGHUP are iOS's "app backgrounded" (docs/training-design.md, Interruptions).
public enum ProcessSignal: Sendable, Hashable, CaseIterable {
    case interrupt, terminate, hangUp, terminalStop, resumed, windowChanged

    public init?(number: Int32) {
        guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = signal
    }

    public var number: Int32 {
        switch self {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangUp: SIGHUP
        case .terminalStop: SIGTSTP
        case .resumed: SIGCONT
        case .windowChanged: SIGWINCH
        }
    }

    /// Its name as messages print it: "SIGINT".
    public var name: String {
        switch self {
        case .interrupt: "SIGINT"
        case .terminate: "SIGTERM"
        case .hangUp: "SIGHUP"
        case .terminalStop: "SIGTSTP"
        case .resumed: "SIGCONT"
        case .windowChanged: "SIGWINCH"
        }
    }

    /// The conventional exit status of a process ended by this signal (128 + number).
    public var exitStatus: Int32 { 128 + number }
}
