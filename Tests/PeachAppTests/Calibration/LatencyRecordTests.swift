import Foundation
@testable import PeachApp
import PeachCore
import PeachMIDI
@testable import PeachTrainer
import Testing

private func makeCalibration(latency: MeasuredLatency? = nil) -> SynthCalibration {
    SynthCalibration(synthName: "Peach Test Synth", date: "2026-11-27", centsPerBendSemitone: 97, pitchResolution: .zero,
                     rounding: .down, honoursBendRange: true, keyTuning: KeyTuning(offsets: [MIDINote.a4: Cents(-5.6)]),
                     bendRange: .default, latency: latency)
}

private func makeLatency() -> MeasuredLatency {
    MeasuredLatency(median: Milliseconds(87.25), spread: Milliseconds(6.5), count: 39)
}

private func makeScratchDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-latency-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
}

/// The synth's measured latency in the calibration file and in `peach calibrate --json`.
@Suite struct LatencyRecordTests {
    @Test func aCaptureCalibrationKeepsItsLatencyThroughTheCache() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = CalibrationCache(directory: directory + "/calibration")
        let key = CalibrationCache.key(synth: "Peach Test Synth", instrument: .piano, bendRange: .default)
        try cache.save(makeCalibration(latency: makeLatency()), for: key)
        #expect(cache.load(key)?.latency == makeLatency())
        #expect(cache.load(key) == makeCalibration(latency: makeLatency()))
    }

    @Test func theJSONCarriesMedianSpreadAndCountInMilliseconds() throws {
        let encoded = try JSONEncoder().encode(CalibrationRecord(makeCalibration(latency: makeLatency())))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let latency = try #require(object["latencyMs"] as? [String: Any])
        #expect(latency["median"] as? Double == 87.25)
        #expect(latency["spread"] as? Double == 6.5)
        #expect(latency["count"] as? Int == 39)
    }

    /// A file written before latency was measured (no `latencyMs`) still loads, without a latency;
    /// an offline calibration writes none.
    @Test func anOlderFileWithoutLatencyStillLoads() throws {
        let encoded = try JSONEncoder().encode(CalibrationRecord(makeCalibration(latency: makeLatency())))
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object["latencyMs"] = nil
        let older = try JSONDecoder().decode(CalibrationRecord.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.calibration == makeCalibration())
        #expect(older.calibration?.latency == nil)
        let offline = try JSONEncoder().encode(CalibrationRecord(makeCalibration()))
        #expect(!String(decoding: offline, as: UTF8.self).contains("latencyMs"))
    }

    @Test func anImpossibleLatencyMakesTheFileUnreadable() throws {
        let encoded = try JSONEncoder().encode(CalibrationRecord(makeCalibration(latency: makeLatency())))
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        for bad: [String: Any] in [["median": 10.0, "spread": -1.0, "count": 40], ["median": 10.0, "spread": 1.0, "count": 0]] {
            object["latencyMs"] = bad
            let record = try JSONDecoder().decode(CalibrationRecord.self, from: JSONSerialization.data(withJSONObject: object))
            #expect(record.calibration == nil, "\(bad)")
        }
    }
}
