import PeachPresentation
import PeachText

/// Start: every entry as a button (a click opens it, its key shown beside), the profile's threshold chart, the
/// devices and what the user must know.
enum StartHTML {
    static func render(_ model: StartScreenModel) -> String {
        let entries = model.menu.titles.indices.map { index in
            let shortcut = model.menu.shortcuts[index].map { "<kbd>" + HTMLText.escape(String($0)) + "</kbd> " } ?? ""
            let current = index == model.menu.selectedIndex ? " aria-current=\"true\"" : ""
            return "<li><button type=\"button\" data-choose=\"\(index)\"\(current)>" + shortcut
                + HTMLText.escape(model.menu.titles[index]) + "</button></li>"
        }
        // What the user must know comes first: on a page, below the chart it would be out of sight.
        var body = model.warnings.map { "<p class=\"warning\" role=\"alert\">" + HTMLText.escape($0.text) + "</p>\n" }.joined()
        body += "<nav aria-label=\"" + HTMLText.escape(tr(.startTitle)) + "\"><ul class=\"menu\">" + entries.joined() + "</ul></nav>\n"
        body += "<figure class=\"chart\">" + SVGEmbed.inline(ProfileSVG.render(model.profile, height: 320)) + "</figure>\n"
        body += ScreenHTML.definitions([(tr(.infoSynth), ScreenHTML.device(model.synth)),
                                        (tr(.infoController), ScreenHTML.device(model.controller))])
        return ScreenHTML.frame(title: "Peach — " + tr(.startTitle), body: body, hints: tr(.pageStartHints), back: false)
    }
}
