import PeachPresentation
import PeachText

/// A screen as the page's HTML: the part of the page the event stream replaces (`<main>`'s content). Every screen
/// has a heading, its body and, off Start, a Back button (Escape); the terminal's key hints stay as a line for the
/// keyboard user. Names no discipline: a training screen is its `TrainingScreenModel`'s lines.
public enum ScreenHTML {
    public static func render(_ screen: Screen) -> String {
        switch screen {
        case .start(let model): StartHTML.render(model)
        case .training(let model): TrainingHTML.render(model)
        case .profile(let model): frame(title: tr(.profileTitle), body: ProfileHTML.overview(model), hints: tr(.profileKeyHints))
        case .settings(let model): SettingsHTML.render(model)
        case .info(let model): InfoHTML.render(model)
        case .quietBreak(let model): BreakHTML.render(model)
        }
    }

    /// The whole profile on one page.
    public static func render(_ profile: ProfilePageModel) -> String {
        frame(title: tr(.profileTitle), body: ProfileHTML.render(profile), hints: tr(.pageViewerHints))
    }

    /// A screen's heading, status, body, warning and hints; `back` false on Start.
    static func frame(title: String, status: String = "", body: String, hints: String, warning: StatusWarning? = nil,
                      back: Bool = true) -> String {
        var html = "<header><h1>" + HTMLText.escape(title) + "</h1>"
        if !status.isEmpty { html += HTMLText.element("p", status, class: "status") }
        if back { html += button(tr(.pageBack), key: .escape, class: "back") }
        html += "</header>\n<div class=\"body\">\n" + body + "\n</div>\n"
        if let warning { html += "<p class=\"warning\" role=\"alert\">" + HTMLText.escape(warning.text) + "</p>\n" }
        return html + HTMLText.element("p", hints, class: "hints")
    }

    /// A button that presses `key` when clicked.
    static func button(_ label: String, key: Key, enabled: Bool = true, class name: String? = nil) -> String {
        let keyName = WebKeyName.name(key).map { " data-key=\"\(HTMLText.escape($0))\"" } ?? ""
        return "<button type=\"button\"\(keyName)\(name.map { " class=\"\($0)\"" } ?? "")\(enabled ? "" : " disabled")>"
            + HTMLText.escape(label) + "</button>"
    }

    static func device(_ status: DeviceStatus) -> String {
        let name = ["name": status.name ?? tr(.deviceNone)]
        switch status.state {
        case .connected: return "<span class=\"good\">● " + HTMLText.escape(tr(.deviceConnected, name)) + "</span>"
        case .lost: return "<span class=\"bad\">✗ " + HTMLText.escape(tr(.deviceLost, name)) + "</span>"
        case .starting: return "<span>◌ " + HTMLText.escape(tr(.deviceStarting, name)) + "</span>"
        case .none: return "<span class=\"dim\">○ " + HTMLText.escape(tr(.deviceNone)) + "</span>"
        }
    }

    /// Label and value rows (Info, Start's devices, the profile's summary).
    static func definitions(_ rows: [(label: String, html: String)]) -> String {
        "<dl>" + rows.map { "<dt>" + HTMLText.escape($0.label) + "</dt><dd>" + $0.html + "</dd>" }.joined() + "</dl>"
    }
}
