import PeachPresentation
import PeachText

/// Settings: every key with what it does, its value in a field (a menu where it takes one of a few), what it
/// allows, Save and Default. The page posts a row's number and the text; the trainer checks and writes it as the
/// terminal's Settings screen does and answers with its message.
enum SettingsHTML {
    static func render(_ model: SettingsScreenModel) -> String {
        var body = model.message.map { "<p class=\"message\" role=\"status\">" + HTMLText.escape($0) + "</p>\n" } ?? ""
        body += "<p class=\"dim\">" + HTMLText.escape(tr(.settingsChangedMark)) + "</p>\n<ol class=\"settings\">\n"
        body += model.rows.enumerated().map { row($0.element, index: $0.offset) }.joined(separator: "\n")
        body += "\n</ol>"
        return ScreenHTML.frame(title: tr(.settingsTitle), body: body, hints: tr(.pageSettingsHints))
    }

    static func row(_ row: SettingsRow, index: Int) -> String {
        let id = "setting-\(index)"
        var html = "<li id=\"row-\(index)\" data-id=\"" + HTMLText.escape(row.id) + "\"><form data-setting=\"\(index)\">"
        html += "<label for=\"\(id)\">" + HTMLText.escape(row.label) + (row.isDefault ? "" : " *") + "</label> "
        html += field(row, id: id)
        html += " <button type=\"submit\">" + HTMLText.escape(tr(.pageSave)) + "</button>"
        html += " <button type=\"button\" data-reset=\"\(index)\"\(row.isDefault ? " disabled" : "")>"
            + HTMLText.escape(tr(.pageDefault)) + "</button>"
        html += "<p class=\"allowed\" id=\"\(id)-allowed\">" + HTMLText.escape(row.allowed) + "</p>"
        if !row.documentation.isEmpty {
            html += "<details><summary>" + HTMLText.escape(tr(.pageAbout)) + "</summary><p>"
                + HTMLText.escape(row.documentation) + "</p></details>"
        }
        return html + "</form></li>"
    }

    static func field(_ row: SettingsRow, id: String) -> String {
        let described = " aria-describedby=\"\(id)-allowed\""
        guard let choices = row.choices else {
            return "<input id=\"\(id)\" name=\"value\" value=\"" + HTMLText.escape(row.rawValue) + "\"\(described)>"
        }
        let options = choices.map { choice in
            "<option\(choice == row.rawValue ? " selected" : "")>" + HTMLText.escape(choice) + "</option>"
        }
        return "<select id=\"\(id)\" name=\"value\"\(described)>" + options.joined() + "</select>"
    }
}
