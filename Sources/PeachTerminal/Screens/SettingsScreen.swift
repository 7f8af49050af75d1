import PeachConfig
import PeachPresentation
import PeachText

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
