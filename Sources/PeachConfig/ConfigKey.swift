/// One documented configuration key: where it lives, what it accepts and what it defaults to.
public struct ConfigKey: Hashable, Sendable, CustomStringConvertible {
    public let section: String
    public let name: String
    public let kind: ConfigValueKind
    public let defaultValue: ConfigValue
    /// One line for the Settings screen.
    public let label: String
    /// The comment written above the key in config/peach.conf.
    public let documentation: String

    public init(section: String, name: String, kind: ConfigValueKind, defaultValue: ConfigValue,
                label: String, documentation: String) {
        precondition(kind.parse(defaultValue.description) == defaultValue,
                     "default of [\(section)] \(name) must be one of its allowed values")
        self.section = section
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.label = label
        self.documentation = documentation
    }

    /// "training.note_duration".
    public var id: String { section + "." + name }
    public var description: String { "[\(section)] \(name)" }
}
