import PeachText

/// A synth or controller as the screens show it.
public struct DeviceStatus: Hashable, Sendable {
    public enum State: Hashable, Sendable {
        case connected
        /// Was connected and went away (the safety stop's "synth lost").
        case lost
        /// FluidSynth is starting / waiting for its port.
        case starting
        /// Nothing chosen or found.
        case none
    }

    /// Port name and address, e.g. "FLUID Synth (128:0)".
    public var name: String?
    public var state: State

    public init(name: String?, state: State) {
        self.name = name
        self.state = state
    }

    public static let none = DeviceStatus(name: nil, state: .none)
}

/// Something the user must know now, shown as a highlighted line.
public enum StatusWarning: Hashable, Sendable {
    /// Training results cannot be stored (read-only data directory, disk full, …).
    case resultsNotSaved(reason: String)
    /// The synth went away; training stopped. `hint` says how to reconnect.
    case synthLost(hint: String)
    /// The configuration file had invalid values (defaults are used).
    case configurationProblems(count: Int, file: String)
    case other(String)

    public var text: String {
        switch self {
        case .resultsNotSaved(let reason): tr(.warningResultsNotSaved, ["reason": reason])
        case .synthLost(let hint): tr(.warningSynthLost, ["hint": hint])
        case .configurationProblems(let count, let file):
            tr(.warningConfigurationProblems, count: count, ["file": file])
        case .other(let text): text
        }
    }
}
