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
    /// What the registered disciplines add (`Disciplines.infoEntries`), e.g. each tap source's calibrated latency.
    public var entries: [InfoEntry]

    public init(name: String = "Peach for Linux", version: String, licence: String, dataDirectory: String,
                configFile: String, synth: DeviceStatus, controller: DeviceStatus,
                velocityCeiling: Int, volumeCeiling: Int, volumePercent: Int, synthCalibration: String? = nil,
                entries: [InfoEntry] = []) {
        self.entries = entries
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
