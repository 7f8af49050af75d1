import PeachPresentation
import PeachText

public enum InfoScreen {
    public static func render(_ model: InfoScreenModel, size: TerminalSize, style: Styler) -> [String] {
        func row(_ label: MessageID, _ value: String) -> String { row(tr(label), value) }
        func row(_ label: String, _ value: String) -> String { style.bold(TextLayout.fit(label, width: 16)) + value }
        // The calibration summaries and the disciplines' entries are long: wrapped under their label rather than cut
        // at the edge.
        let wrapWidth = max(size.columns - 2 - 16, 20)
        func wrapped(_ label: String, _ text: String?) -> [String] {
            (text.map { TextLayout.wrap($0, width: wrapWidth) } ?? [])
                .enumerated().map { $0.offset == 0 ? row(label, $0.element) : String(repeating: " ", count: 16) + $0.element }
        }
        let calibrationRows = wrapped(tr(.infoCalibration), model.synthCalibration)
        let body: [String] = [
            "",
            style.bold(model.name) + "  " + model.version,
            tr(.appSummary),
            "",
            row(.infoLicence, model.licence),
            row(.infoDataDirectory, model.dataDirectory),
            row(.infoConfigFile, model.configFile),
            "",
            row(.infoSynth, model.synth.rendered(style: style)),
        ] + calibrationRows + [
            row(.infoController, model.controller.rendered(style: style)),
        ] + model.entries.flatMap { wrapped($0.label, $0.text) } + [
            row(.infoVolumeCeiling, tr(.infoVolumeCeilingValue, ["velocity": "\(model.velocityCeiling)",
                                                                 "volume": "\(model.volumeCeiling)",
                                                                 "percent": "\(model.volumePercent)"])),
        ]
        return ScreenFrame.compose(title: tr(.infoTitle), body: body, keyHints: tr(.infoKeyHints), size: size, style: style)
    }
}
