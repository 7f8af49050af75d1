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
