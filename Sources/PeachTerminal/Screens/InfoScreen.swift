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

    public init(name: String = "Peach for Linux", version: String, licence: String, dataDirectory: String,
                configFile: String, synth: DeviceStatus, controller: DeviceStatus,
                velocityCeiling: Int, volumeCeiling: Int, volumePercent: Int, synthCalibration: String? = nil) {
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
        func row(_ label: String, _ value: String) -> String { style.bold(TextLayout.fit(label, width: 16)) + value }
        let body: [String] = [
            "",
            style.bold(model.name) + "  " + model.version,
            "An ear trainer that plays its notes on a real synthesizer, measured in cents.",
            "",
            row("Licence", model.licence),
            row("Data directory", model.dataDirectory),
            row("Config file", model.configFile),
            "",
            row("Synth", model.synth.rendered(style: style)),
        ] + (model.synthCalibration.map { [row("Calibration", $0)] } ?? []) + [
            row("Controller", model.controller.rendered(style: style)),
            row("Volume ceiling", "velocity \(model.velocityCeiling) · CC7 \(model.volumeCeiling) (of 127)"
                + " · volume \(model.volumePercent) % of the ceiling"),
        ]
        return ScreenFrame.compose(title: "Info", body: body, keyHints: "Esc/q back", size: size, style: style)
    }
}
