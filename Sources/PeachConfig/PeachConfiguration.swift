import PeachCore
import PeachText

/// The configuration as Peach uses it: one valid value for every schema key (the file's value, or
/// the default where the file has none or an invalid one) plus what was wrong with the file.
public struct PeachConfiguration: Hashable, Sendable {
    /// The values that differ from their keys' defaults, by key id: a key set to its default reads the same as
    /// one not set, so two configurations that read the same compare equal.
    public private(set) var values: [String: ConfigValue]
    public let diagnostics: [ConfigDiagnostic]
    /// The .scl and .kbm files the configuration names, read when it was loaded.
    public var tuningFiles = TuningFiles()

    public static let defaults = PeachConfiguration(values: [:], diagnostics: [])

    public init(values: [String: ConfigValue], diagnostics: [ConfigDiagnostic]) {
        self.values = values
        self.diagnostics = diagnostics
    }

    public subscript(key: ConfigKey) -> ConfigValue { values[key.id] ?? key.defaultValue }

    /// Sets a value after checking it against the key's kind (round trip through its text form) and
    /// the keys `schema` says it depends on, so an edit can never store something the file could not hold.
    /// Returns false if rejected; `problem(setting:to:in:)` says why.
    @discardableResult
    public mutating func set(_ key: ConfigKey, to value: ConfigValue, in schema: ConfigSchema) -> Bool {
        guard problem(setting: key, to: value, in: schema) == nil else { return false }
        values[key.id] = value == key.defaultValue ? nil : value
        return true
    }

    /// Why `value` cannot be set for `key` (for the Settings screen's message line), or nil.
    public func problem(setting key: ConfigKey, to value: ConfigValue, in schema: ConfigSchema) -> String? {
        guard key.kind.parse(value.description) == value else {
            return tr(.configValueNotAllowed, ["label": key.label, "value": Echo.quoted(value.description),
                                               "allowed": key.kind.allowedDescription])
        }
        var candidate = self
        candidate.values[key.id] = value
        for pair in schema.pairs where pair.involves(key) {
            guard pair.holds(candidate[pair.first], candidate[pair.second]) else {
                // Mid-sentence the English label is lowercased ("lowest note"); German keeps its nouns capitalised.
                let names = ["second": pair.second.label,
                             "first": Localization.current == .german ? pair.first.label : pair.first.label.lowercased()]
                switch pair.rule {
                case .notAbove: return tr(.configMustNotBeBelow, names)
                case .different: return tr(.configMustBeDifferent, names)
                }
            }
        }
        return nil
    }

    public var errors: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .warning } }

    // MARK: Typed reads. The schema guarantees the case, so the fallbacks only guard programming errors.

    public func integer(_ key: ConfigKey) -> Int { self[key].integerValue ?? key.defaultValue.integerValue ?? 0 }
    public func decimal(_ key: ConfigKey) -> Double { self[key].decimalValue ?? key.defaultValue.decimalValue ?? 0 }
    public func boolean(_ key: ConfigKey) -> Bool { self[key].booleanValue ?? key.defaultValue.booleanValue ?? false }
    public func text(_ key: ConfigKey) -> String { self[key].textValue ?? key.defaultValue.textValue ?? "" }
    /// Empty text means "not set".
    public func optionalText(_ key: ConfigKey) -> String? { text(key).isEmpty ? nil : text(key) }
    public func note(_ key: ConfigKey) -> MIDINote? { self[key].noteValue ?? key.defaultValue.noteValue ?? nil }
}
