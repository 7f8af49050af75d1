import PeachText

public struct InfoScreenModel: Hashable, Sendable {
    public var name: String
    public var version: String
    public var licence: String
    public var dataDirectory: String
    public var configFile: String
    public var synth: DeviceStatus
    public var controller: DeviceStatus
    public var velocityCeiling: Int
    public var volumeCeiling: Int
    public var volumePercent: Int
    /// What calibration measured of the synth ("calibrated 2026-11-22: 99.2 c/semitone, …"); nil when not calibrated.
    public var synthCalibration: String?
    /// Each tap source's calibrated latency ("computer keyboard +38.2 ms (spread 11.0 ms)"); nil when none is calibrated.
    public var tapLatencies: String?

    public init(name: String = "Peach for Linux", version: String, licence: String, dataDirectory: String,
                configFile: String, synth: DeviceStatus, controller: DeviceStatus,
                velocityCeiling: Int, volumeCeiling: Int, volumePercent: Int, synthCalibration: String? = nil,
                tapLatencies: String? = nil) {
        self.tapLatencies = tapLatencies
        self.name = name
        self.version = version
        self.licence = licence
        self.dataDirectory = dataDirectory
        self.configFile = configFile
        self.synth = synth
        self.controller = controller
        self.velocityCeiling = velocityCeiling
        self.volumeCeiling = volumeCeiling
        self.volumePercent = volumePercent
        self.synthCalibration = synthCalibration
    }
}

public enum InfoScreen {
    public static func render(_ model: InfoScreenModel, size: TerminalSize, style: Styler) -> [String] {
        func row(_ label: MessageID, _ value: String) -> String { style.bold(TextLayout.fit(tr(label), width: 16)) + value }
        // The calibration summaries are long: wrapped under their label rather than cut at the edge.
        let wrapWidth = max(size.columns - 2 - 16, 20)
        func wrapped(_ label: MessageID, _ text: String?) -> [String] {
            (text.map { TextLayout.wrap($0, width: wrapWidth) } ?? [])
                .enumerated().map { $0.offset == 0 ? row(label, $0.element) : String(repeating: " ", count: 16) + $0.element }
        }
        let calibrationRows = wrapped(.infoCalibration, model.synthCalibration)
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
        ] + wrapped(.infoTapLatency, model.tapLatencies) + [
            row(.infoVolumeCeiling, tr(.infoVolumeCeilingValue, ["velocity": "\(model.velocityCeiling)",
                                                                 "volume": "\(model.volumeCeiling)",
                                                                 "percent": "\(model.volumePercent)"])),
        ]
        return ScreenFrame.compose(title: tr(.infoTitle), body: body, keyHints: tr(.infoKeyHints), size: size, style: style)
    }
}
