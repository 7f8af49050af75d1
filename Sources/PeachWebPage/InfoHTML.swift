import PeachPresentation
import PeachText

/// Info: the version, the files Peach uses, the devices, the synth's calibration and what the disciplines add.
enum InfoHTML {
    static func render(_ model: InfoScreenModel) -> String {
        var rows: [(label: String, html: String)] = [
            (tr(.infoLicence), HTMLText.escape(model.licence)),
            (tr(.infoDataDirectory), "<code>" + HTMLText.escape(model.dataDirectory) + "</code>"),
            (tr(.infoConfigFile), "<code>" + HTMLText.escape(model.configFile) + "</code>"),
            (tr(.infoSynth), ScreenHTML.device(model.synth)),
        ]
        if let calibration = model.synthCalibration { rows.append((tr(.infoCalibration), HTMLText.escape(calibration))) }
        rows.append((tr(.infoController), ScreenHTML.device(model.controller)))
        rows += model.entries.map { ($0.label, HTMLText.escape($0.text)) }
        rows.append((tr(.infoVolumeCeiling), HTMLText.escape(tr(.infoVolumeCeilingValue, [
            "velocity": "\(model.velocityCeiling)", "volume": "\(model.volumeCeiling)", "percent": "\(model.volumePercent)"]))))
        let body = "<p><strong>" + HTMLText.escape(model.name) + "</strong> " + HTMLText.escape(model.version) + "</p>\n"
            + HTMLText.element("p", tr(.appSummary)) + "\n" + ScreenHTML.definitions(rows)
        return ScreenHTML.frame(title: tr(.infoTitle), body: body, hints: tr(.pageViewerHints))
    }
}
