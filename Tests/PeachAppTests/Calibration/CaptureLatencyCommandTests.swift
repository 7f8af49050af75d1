import Foundation
@testable import PeachApp
import PeachCore
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// `peach calibrate --capture DEV --latency-only`: what it stores and says, apart from the synth it measures (the VM's
/// PeachSynthLatencyTests play it against a real one).
@Suite struct CaptureLatencyCommandTests {
    static func calibration(latency: MeasuredLatency? = nil) -> SynthCalibration {
        SynthCalibration(synthName: "Pad Synth", date: "2026-11-20", centsPerBendSemitone: 97, pitchResolution: .zero,
                         rounding: .nearest, honoursBendRange: true,
                         keyTuning: KeyTuning(offsets: [MIDINote.a4: Cents(-3.2)]), bendRange: .default,
                         uncorrectableKeys: [], unsteadyKeys: [], latency: latency)
    }

    static func context() throws -> CaptureLatencyCommand.Context {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-latency-\(UUID().uuidString)").path
        let synth = SequencerPortInfo(address: SequencerAddress(client: 24, port: 0), clientName: "Pad Synth", portName: "MIDI 1",
                                      clientKind: .kernel, capabilities: [], types: [])
        return CaptureLatencyCommand.Context(synth: synth, device: "hw:2,0",
                                             key: CalibrationCache.key(synth: "Pad Synth", instrument: .piano, bendRange: .default),
                                             cache: CalibrationCache(directory: directory))
    }

    static let measured = MeasuredLatency(median: Milliseconds(12.4), spread: Milliseconds(0.6), count: 40)

    static func result(_ latency: MeasuredLatency?) -> CaptureCalibrator.LatencyResult {
        CaptureCalibrator.LatencyResult(latency: latency, clicks: 40, clicksHeard: latency?.count ?? 3, captureTimestamped: true,
                                        peakLevelDB: -14.2, overruns: 0)
    }

    @Test func aNewLatencyReplacesTheStoredOneAndKeepsThePitch() throws {
        let context = try Self.context()
        defer { try? FileManager.default.removeItem(atPath: context.cache.directory) }
        try context.cache.save(Self.calibration(latency: MeasuredLatency(median: Milliseconds(30), spread: Milliseconds(2), count: 40)),
                               for: context.key)
        #expect(CaptureLatencyCommand.store(Self.measured, context: context) == .stored(date: "2026-11-20"))
        #expect(context.cache.load(context.key) == Self.calibration(latency: Self.measured))
    }

    @Test func withoutAStoredCalibrationNothingIsWrittenAndTheReportSaysHowToStoreOne() throws {
        let context = try Self.context()
        defer { try? FileManager.default.removeItem(atPath: context.cache.directory) }
        let storage = CaptureLatencyCommand.store(Self.measured, context: context)
        #expect(storage == .noCalibration)
        #expect(context.cache.load(context.key) == nil)
        #expect(!FileManager.default.fileExists(atPath: context.cache.directory))
        let report = CaptureLatencyCommand.textReport(Self.result(Self.measured), storage: storage, context: context)
        #expect(report == """
            Pad Synth (24:0), recorded from hw:2,0: MIDI-to-sound latency only
              latency      MIDI-to-sound latency 12.4 ms, jitter 0.6 ms (40 clicks)
              signal       peak -14.2 dBFS
              not stored   Pad Synth has no calibration for this preset and bend range yet: 'peach calibrate --capture hw:2,0' measures its pitch and latency and stores both

            """)
    }

    @Test func anUnheardProbeKeepsTheStoredLatency() throws {
        let context = try Self.context()
        defer { try? FileManager.default.removeItem(atPath: context.cache.directory) }
        let before = Self.calibration(latency: Self.measured)
        try context.cache.save(before, for: context.key)
        let storage = CaptureLatencyCommand.store(nil, context: context)
        #expect(storage == .notMeasured)
        #expect(context.cache.load(context.key) == before)
        let report = CaptureLatencyCommand.textReport(Self.result(nil), storage: storage, context: context)
        #expect(report.contains("not measured: 3 of 40 clicks heard"), "\(report)")
        #expect(report.hasSuffix("  not stored   the stored latency, if any, is kept\n"), "\(report)")
    }

    @Test func theJSONHoldsTheFigureAndWhetherItWasStored() throws {
        let json = try CaptureLatencyCommand.jsonReport(Self.result(Self.measured), storage: .stored(date: "2026-11-20"), synth: "Pad Synth")
        let record = try JSONDecoder().decode(CaptureLatencyCommand.Record.self, from: Data(json.utf8))
        #expect(record == CaptureLatencyCommand.Record(synth: "Pad Synth", latencyMs: LatencyRecord(median: 12.4, spread: 0.6, count: 40),
                                                       stored: true))
        let unheard = try CaptureLatencyCommand.jsonReport(Self.result(nil), storage: .notMeasured, synth: "Pad Synth")
        #expect(!unheard.contains("latencyMs"))
    }
}
