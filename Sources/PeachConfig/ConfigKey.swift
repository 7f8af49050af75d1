import PeachText

/// One documented configuration key: where it lives, what it accepts and what it defaults to. Its words (the
/// Settings screen's label, the comment above it in config/peach.conf, the man page's text) are written once, in
/// the catalogs (po/peach.pot and po/de.po) under `catalogID`; a test holds every schema key to having both.
public struct ConfigKey: Hashable, Sendable, CustomStringConvertible {
    public let section: String
    public let name: String
    public let kind: ConfigValueKind
    public let defaultValue: ConfigValue
    /// Names the key had in older versions: a file that still uses one is read (and edited in place) as before.
    public let formerNames: [String]

    public init(section: String, name: String, kind: ConfigValueKind, defaultValue: ConfigValue, formerNames: [String] = []) {
        precondition(kind.parse(defaultValue.description) == defaultValue,
                     "default of [\(section)] \(name) must be one of its allowed values")
        self.section = section
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.formerNames = formerNames
    }

    /// Whether `line` sets this key, under its name or a former one.
    public func isSet(by line: ConfigDocument.Line) -> Bool {
        guard line.section == section, case .entry(let entryName, _) = line.kind else { return false }
        return isNamed(entryName)
    }

    /// Whether a file may call this key `entryName`: its name, or one it had before.
    public func isNamed(_ entryName: String) -> Bool { entryName == name || formerNames.contains(entryName) }

    /// One line for the Settings screen, in English: the catalog's English "<catalogID>.label".
    public var englishLabel: String { Self.english(catalogID + ".label") }
    /// The comment written above the key in config/peach.conf: English, whatever the language (files never follow it).
    public var documentation: String { Self.english(catalogID + ".documentation") }

    /// "training.note_duration".
    public var id: String { section + "." + name }

    /// The Settings screen's label in the user's language (catalog id "config.training.noteDuration.label").
    public var label: String { Self.localized(catalogID + ".label") ?? englishLabel }

    /// `documentation` in the user's language, for the man page and screens.
    public var localizedDocumentation: String { Self.localized(catalogID + ".documentation") ?? documentation }

    /// What an empty value of a text key means ("automatic"), in the user's language (catalog id
    /// "config.midi.outputPort.emptyMeans", with the schema's English); nil for a key that is not text.
    public var emptyMeaning: String? {
        switch kind {
        case .text(let english), .file(_, let english): return Self.localized(catalogID + ".emptyMeans") ?? english
        default: return nil
        }
    }

    /// "config.thresholdTest.maxTrials": the key's id in the catalog (ids are dotted lowerCamelCase words).
    public var catalogID: String { "config." + Self.camelCase(section) + "." + Self.camelCase(name) }

    /// "max_trials" → "maxTrials".
    private static func camelCase(_ snake: String) -> String {
        let words = snake.split(separator: "_")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func localized(_ id: String) -> String? { MessageID(rawValue: id).map { tr($0) } }
    /// A key missing from the catalog shows its id (and fails `ConfigKeyTranslationTests`), never nothing.
    private static func english(_ id: String) -> String { MessageID(rawValue: id).map { Localization.text($0, in: .english) } ?? id }
    public var description: String { "[\(section)] \(name)" }
}
