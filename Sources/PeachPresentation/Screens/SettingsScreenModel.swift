import PeachConfig
import PeachText

/// One editable row of the Settings screen.
public struct SettingsRow: Hashable, Sendable {
    public var label: String
    public var value: String
    public var allowed: String
    public var isDefault: Bool
    /// What the key does, in the user's language (the comment above it in the configuration file).
    public var documentation: String
    /// The values to choose from, for a key that takes one of a few (a page offers them as a menu); nil otherwise.
    public var choices: [String]?
    /// The value as the file holds it (empty for "automatic"), for a field that edits it.
    public var rawValue: String
    /// The key's id in the file ("training.note_duration").
    public var id: String

    public init(label: String, value: String, allowed: String, isDefault: Bool, documentation: String = "",
                choices: [String]? = nil, rawValue: String? = nil, id: String = "") {
        self.label = label
        self.value = value
        self.allowed = allowed
        self.isDefault = isDefault
        self.documentation = documentation
        self.choices = choices
        self.rawValue = rawValue ?? value
        self.id = id
    }

    public init(key: ConfigKey, configuration: PeachConfiguration) {
        let value = configuration[key]
        self.init(label: "[\(key.section)] \(key.label)", value: value.description.isEmpty ? tr(.settingsAuto) : value.description,
                  allowed: key.kind.allowedDescription, isDefault: value == key.defaultValue,
                  documentation: key.localizedDocumentation, choices: Self.choices(of: key.kind), rawValue: value.description, id: key.id)
    }

    static func choices(of kind: ConfigValueKind) -> [String]? {
        switch kind {
        case .choice(let choices): choices
        case .boolean: ["on", "off"]
        case .integer, .decimal, .note, .text, .file, .channel, .commitTrigger, .intervals, .tuning: nil
        }
    }
}

public struct SettingsScreenModel: Hashable, Sendable {
    public var rows: [SettingsRow]
    public var selectedIndex: Int
    /// Text being typed for the selected row (Enter to edit), nil when not editing.
    public var editingText: String?
    /// "Saved to …", "Move a knob on your controller (MIDI learn)…", or a rejected value.
    public var message: String?

    public init(rows: [SettingsRow], selectedIndex: Int = 0, editingText: String? = nil, message: String? = nil) {
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.editingText = editingText
        self.message = message
    }

    /// The rows for `keys` (a schema's `settingsScreenKeys`) with their current values.
    public init(configuration: PeachConfiguration, keys: [ConfigKey],
                selectedIndex: Int = 0, editingText: String? = nil, message: String? = nil) {
        self.init(rows: keys.map { SettingsRow(key: $0, configuration: configuration) },
                  selectedIndex: selectedIndex, editingText: editingText, message: message)
    }
}
