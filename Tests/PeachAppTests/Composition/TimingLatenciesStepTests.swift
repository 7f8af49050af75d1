import Foundation
@testable import PeachApp
import PeachCore
import PeachStore
@testable import PeachTrainer
import Testing

/// The composition root's timing latencies: the tap calibrations stored in the data directory and the synth's
/// measured latency from its calibration, together; an unreadable file is a warning, never a failed start.
@MainActor @Suite struct TimingLatenciesStepTests {
    static func context(_ directory: String, captured: LaunchHistoryTests.Captured) -> TrainingApp.Context {
        TrainingApp.Context(options: CommandLineOptions(), environment: [:], console: captured.console,
                            dataDirectory: DataDirectory(path: directory), configPath: nil)
    }

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "peach-latencies-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func storedTapCalibrationsAndTheSynthsLatencyAreBothTakenOff() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pad = TapCalibration(source: .midi(device: "nanoPAD2"),
                                 latency: MeasuredLatency(median: Milliseconds(6), spread: Milliseconds(2), count: 24),
                                 synthLatency: Milliseconds(90), date: Date())
        try TapCalibrationFile(dataDirectory: DataDirectory(path: directory)).save([pad])
        let captured = LaunchHistoryTests.Captured()
        let synth = MeasuredLatency(median: Milliseconds(190), spread: Milliseconds(6), count: 40)
        let latencies = TrainingApp.timingLatencies(Self.context(directory, captured: captured), synth: synth,
                                                    logger: ConsoleLogger(console: captured.console))
        #expect(latencies.correction(for: .midi(device: "nanoPAD2")) == Milliseconds(196), "6 ms after the heard click, heard 190 ms late")
        #expect(latencies.correction(for: .keyboard) == nil)
        #expect(captured.err.isEmpty)
    }

    @Test func anUnreadableFileIsAWarningAndTapsStayUncorrected() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/calibration", withIntermediateDirectories: true)
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: directory + "/calibration/taps.json"))
        let captured = LaunchHistoryTests.Captured()
        let latencies = TrainingApp.timingLatencies(Self.context(directory, captured: captured), synth: nil,
                                                    logger: ConsoleLogger(console: captured.console))
        #expect(latencies.taps.isEmpty)
        #expect(captured.err.contains("taps.json") && captured.err.contains("uncorrected"), "\(captured.err)")
    }
}
