import PeachConfig
import PeachCore

/// Configuration keys a discipline (or a family of disciplines) contributes from its folder, and how their values
/// reach the training settings. Their words are the catalogs' (`ConfigKey`); the schema, the Settings screen, the
/// file template, the man page and `--help` list them with the core keys (`Disciplines.schema`).
public struct DisciplineSetting: Sendable {
    public let keys: [ConfigKey]
    /// Puts the configured values into the settings the sessions read.
    public let apply: @Sendable (PeachConfiguration, inout TrainingSettings) -> Void

    public init(keys: [ConfigKey], apply: @escaping @Sendable (PeachConfiguration, inout TrainingSettings) -> Void) {
        self.keys = keys
        self.apply = apply
    }
}
