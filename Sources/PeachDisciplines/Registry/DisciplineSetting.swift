import PeachConfig
import PeachCore

/// What a discipline (or a family of disciplines) declares about the settings it owns, from its folder: its
/// configuration keys, where they stand in the file and the rules that bind them (`group`); how their values reach
/// the training settings (`apply`); how far its trials' notes reach with those values (`reach`, for calibration);
/// and how they give way to a synth that cannot play finer than some step (`fitToResolution`). Their words are the
/// catalogs' (`ConfigKey`); the schema, the Settings screen, the file template, the man page and `--help` list them
/// with the core keys (`Disciplines.schema`).
public struct DisciplineSetting: Sendable {
    public let group: ConfigKeyGroup
    /// Puts the configured values into the settings the sessions read.
    public let apply: @Sendable (PeachConfiguration, inout TrainingSettings) -> Void
    public let reach: @Sendable (TrainingSettings) -> TrialReach
    public let fitToResolution: @Sendable (inout TrainingSettings, Cents) -> Void

    public var keys: [ConfigKey] { group.keys }

    /// - Parameters:
    ///   - placement: where the keys stand in the file (by default first in their section, or a section of their own).
    ///   - pairs: keys only valid together, checked as the core's are.
    public init(keys: [ConfigKey], placement: ConfigKeyGroup.Placement = .ownSection, pairs: [ConfigKeyPair] = [],
                reach: @escaping @Sendable (TrainingSettings) -> TrialReach = { _ in .none },
                fitToResolution: @escaping @Sendable (inout TrainingSettings, Cents) -> Void = { _, _ in },
                apply: @escaping @Sendable (PeachConfiguration, inout TrainingSettings) -> Void) {
        group = ConfigKeyGroup(keys: keys, placement: placement, pairs: pairs)
        self.apply = apply
        self.reach = reach
        self.fitToResolution = fitToResolution
    }
}
