import PeachPresentation
import PeachText

/// The profile: the overview's summary, every discipline's section as `peach profile` prints it, every chart as
/// inline SVG, and the JSON and CSV a click away.
enum ProfileHTML {
    static func render(_ model: ProfilePageModel) -> String {
        var html = summary(model.summary)
        html += "\n<figure class=\"chart\">" + SVGEmbed.inline(model.svg) + "</figure>\n"
        html += model.sections.map { lines in "<pre class=\"section\">" + HTMLText.escape(lines.joined(separator: "\n")) + "</pre>" }
            .joined(separator: "\n")
        html += "\n<p class=\"links\"><a href=\"/profile.json\" download=\"peach-profile.json\">" + HTMLText.escape(tr(.pageProfileJSON))
            + "</a> · <a href=\"/export.csv\" download=\"peach-training.csv\">" + HTMLText.escape(tr(.pageExportCSV)) + "</a></p>"
        return html + "\n" + importForm(note: model.importNote)
    }

    /// A CSV file chosen and posted whole to the import address (the script sends it); what the import said below it,
    /// announced.
    static func importForm(note: String?) -> String {
        "<form class=\"import\" data-upload=\"\(PageRoutes.importPath)\">"
            + "<label>" + HTMLText.escape(tr(.pageImportLabel)) + " <input type=\"file\" name=\"file\" accept=\".csv,text/csv\" required></label>"
            + "<label><input type=\"checkbox\" name=\"partial\"> " + HTMLText.escape(tr(.pageImportPartial)) + "</label>"
            + "<button type=\"submit\">" + HTMLText.escape(tr(.pageImportButton)) + "</button></form>\n"
            + "<pre class=\"import-note\" role=\"status\" aria-live=\"polite\">" + HTMLText.escape(note ?? "") + "</pre>"
    }

    /// The overview as the terminal's Profile screen has it (a front end that pages).
    static func overview(_ model: ProfileScreenModel) -> String {
        "<figure class=\"chart\">" + SVGEmbed.inline(ProfileSVG.render(model.chart, height: 320)) + "</figure>\n" + summary(model.summary)
    }

    static func summary(_ lines: [ProfileSummaryLine]) -> String {
        ScreenHTML.definitions(lines.map { ($0.label, HTMLText.escape($0.text)) })
    }
}
