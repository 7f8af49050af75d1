/// The screens of the trainer. A training screen runs its mode's session; the others show or edit data.
public enum AppScreen: Hashable, Sendable {
    case start
    case training(TrainingModeID)
    case profile
    case settings
    case info
    case quietBreak

    public var isTraining: Bool { trainingMode != nil }

    /// The mode this screen trains, if it is a training screen.
    public var trainingMode: TrainingModeID? {
        switch self {
        case .training(let mode): mode
        case .start, .profile, .settings, .info, .quietBreak: nil
        }
    }
}
