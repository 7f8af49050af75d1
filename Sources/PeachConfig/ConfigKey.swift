import PeachText

/// One documented configuration key: where it lives, what it accepts and what it defaults to.
public struct ConfigKey: Hashable, Sendable, CustomStringConvertible {
    public let section: String
    public let name: String
    public let kind: ConfigValueKind
    public let defaultValue: ConfigValue
    /// One line for the Settings screen, in English: the catalog's English for `label` (a test keeps them equal).
    public let englishLabel: String
    /// The comment written above the key in config/peach.conf: English, whatever the language (files never follow it).
    public let documentation: String

    public init(section: String, name: String, kind: ConfigValueKind, defaultValue: ConfigValue,
                label: String, documentation: String) {
        precondition(kind.parse(defaultValue.description) == defaultValue,
                     "default of [\(section)] \(name) must be one of its allowed values")
        self.section = section
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.englishLabel = label
        self.documentation = documentation
    }

    /// "training.note_duration".
    public var id: String { section + "." + name }

    /// The Settings screen's label in the user's language (catalog id "config.training.noteDuration.label").
    public var label: String { Self.localized(catalogID + ".label") ?? englishLabel }

    /// `documentation` in the user's language, for the man page and screens.
    public var localizedDocumentation: String { Self.localized(catalogID + ".documentation") ?? documentation }

    /// "config.thresholdTest.maxTrials": the key's id in the catalog (ids are dotted lowerCamelCase words).
    public var catalogID: String { "config." + Self.camelCase(section) + "." + Self.camelCase(name) }

    /// "max_trials" → "maxTrials".
    private static func camelCase(_ snake: String) -> String {
        let words = snake.split(separator: "_")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func localized(_ id: String) -> String? { MessageID(rawValue: id).map { tr($0) } }
    public var description: String { "[\(section)] \(name)" }
}
