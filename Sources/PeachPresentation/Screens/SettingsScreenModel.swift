import PeachConfig
import PeachText

/// One editable row of the Settings screen.
public struct SettingsRow: Hashable, Sendable {
    public var label: String
    public var value: String
    public var allowed: String
    public var isDefault: Bool

    public init(label: String, value: String, allowed: String, isDefault: Bool) {
        self.label = label
        self.value = value
        self.allowed = allowed
        self.isDefault = isDefault
    }

    public init(key: ConfigKey, configuration: PeachConfiguration) {
        let value = configuration[key]
        self.init(label: "[\(key.section)] \(key.label)", value: value.description.isEmpty ? tr(.settingsAuto) : value.description,
                  allowed: key.kind.allowedDescription, isDefault: value == key.defaultValue)
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
