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

    /// The rows for `keys` (by default `ConfigSchema.settingsScreenKeys`) with their current values.
    public init(configuration: PeachConfiguration, keys: [ConfigKey] = ConfigSchema.settingsScreenKeys,
                selectedIndex: Int = 0, editingText: String? = nil, message: String? = nil) {
        self.init(rows: keys.map { SettingsRow(key: $0, configuration: configuration) },
                  selectedIndex: selectedIndex, editingText: editingText, message: message)
    }
}

public enum SettingsScreen {
    static let labelWidth = 36
    static let valueWidth = 14

    public static func render(_ model: SettingsScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let listRows = max(size.rows - 4 - 2, 1)
        let selected = min(max(model.selectedIndex, 0), max(model.rows.count - 1, 0))
        // Scroll so the selected row stays visible, keeping it away from the edges when possible.
        let first = min(max(selected - listRows / 2, 0), max(model.rows.count - listRows, 0))
        var body: [String] = []
        for index in first..<min(first + listRows, model.rows.count) {
            let row = model.rows[index]
            let isSelected = index == selected
            let value = isSelected && model.editingText != nil ? (model.editingText ?? "") + "▏" : row.value
            let line = TextLayout.fit(row.label, width: labelWidth) + " "
                + TextLayout.fit(value + (row.isDefault ? "" : " *"), width: valueWidth) + "  "
                + style.dim(TextLayout.truncate(row.allowed, width: size.columns - 4 - labelWidth - valueWidth - 3))
            body.append(isSelected ? "> " + style.inverse(line) : "  " + line)
        }
        body += Array(repeating: "", count: max(listRows - body.count, 0))
        body.append(model.message.map { style.warning($0) } ?? style.dim(tr(.settingsChangedMark)))
        let scroll = model.rows.count > listRows ? "\(selected + 1)/\(model.rows.count)" : ""
        let hints = model.editingText == nil
            ? tr(.settingsKeyHints)
            : tr(.settingsEditKeyHints)
        return ScreenFrame.compose(title: tr(.settingsTitle), status: scroll, body: [""] + body, keyHints: hints,
                                   size: size, style: style)
    }
}

extension ConfigSchema {
    /// What the Settings screen edits: every key of the schema, in file order (so grouped by section), so a new
    /// setting appears there by itself.
    public static var settingsScreenKeys: [ConfigKey] { all }
}
