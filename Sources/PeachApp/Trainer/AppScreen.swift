/// The screens of the trainer. Training screens run a session; the others show or edit data.
public enum AppScreen: String, Hashable, Sendable, CaseIterable {
    case start, comparison, pitchMatching, profile, settings, info, quietBreak

    public var isTraining: Bool { self == .comparison || self == .pitchMatching }
}
