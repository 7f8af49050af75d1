import Foundation
import PeachApp
import PeachCore
import PeachTrainer
import Testing

@Suite struct TapCalibrationFileTests {
    static func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-taps-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func calibration(_ source: TapSource, median: Double, synth: Double?) -> TapCalibration {
        TapCalibration(source: source, latency: MeasuredLatency(median: Milliseconds(median), spread: Milliseconds(4.5), count: 22),
                       synthLatency: synth.map(Milliseconds.init), date: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test func storedCalibrationsComeBackWhole() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = TapCalibrationFile(path: directory + "/calibration/taps.json")
        let stored = [Self.calibration(.keyboard, median: 38.25, synth: nil),
                      Self.calibration(.midi(device: "nanoPAD2 \"PAD\""), median: -3.5, synth: 11.75)]
        try file.save(stored)
        #expect(try file.load() == stored)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains("\"medianMs\" : 38.25") && text.contains("\"source\" : \"keyboard\""), "\(text)")
    }

    @Test func noFileIsNoCalibration() throws {
        #expect(try TapCalibrationFile(path: "/nonexistent/peach/taps.json").load().isEmpty)
    }

    @Test func anUnreadableFileSaysWhichAndWhatHappensToTheTaps() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = TapCalibrationFile(path: directory + "/taps.json")
        for contents in ["{not json", #"{"taps": [{"source": "pedal", "medianMs": 1, "spreadMs": 1, "taps": 20, "date": "2026-11-27T07:00:00Z"}]}"#,
                         #"{"taps": [{"source": "keyboard", "medianMs": 1, "spreadMs": -1, "taps": 20, "date": "2026-11-27T07:00:00Z"}]}"#] {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: file.path))
            let error = try #require(throws: TapCalibrationFile.Unreadable.self) { try file.load() }
            #expect(error.description.contains(file.path) && error.description.contains("uncorrected"), "\(error)")
        }
    }
}
