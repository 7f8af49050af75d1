import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachText
import PeachTrainer

/// `peach calibrate --capture DEVICE --latency-only`: plays only the latency probe's clicks (seconds, not the
/// minute a whole calibration takes) and puts the synth's new MIDI-to-sound latency into its stored calibration,
/// for when only the audio path changed: another buffer size or interface. A synth with no stored calibration
/// gets the figure printed, not stored: a calibration holds the pitch it is used for, and latency alone is not one.
enum CaptureLatencyCommand {
    struct Context {
        var synth: SequencerPortInfo
        var device: String
        var key: CalibrationCache.Key
        var cache: CalibrationCache
    }

    /// What became of the figure: stored into the calibration of `date`, or why not.
    enum Storage: Equatable {
        case stored(date: String)
        case noCalibration
        case notMeasured
        case failed(String)
    }

    static func run(_ calibrator: CaptureCalibrator, on sequencer: ALSASequencer, context: Context, json: Bool,
                    console: Console) async throws -> Int32 {
        let outcome = try await CaptureCalibrateCommand.unlessInterrupted {
            try await calibrator.measureLatency(sequencer: sequencer, progress: { console.err("peach: \($0)\n") })
        }
        switch outcome {
        case .interrupted(let signal):
            return CaptureCalibrateCommand.interrupted(by: signal, console: console)
        case .finished(let result):
            let storage = store(result.latency, context: context)
            if case .failed(let error) = storage {
                console.err("peach: " + tr(.calibrateCannotStore, ["directory": context.cache.directory, "error": error]) + "\n")
            }
            console.out(json ? try jsonReport(result, storage: storage, synth: context.synth.clientName)
                             : textReport(result, storage: storage, context: context))
            return result.latency == nil ? 1 : 0
        }
    }

    /// Replaces the latency in the synth's stored calibration, keeping everything else it measured.
    static func store(_ latency: MeasuredLatency?, context: Context) -> Storage {
        guard let latency else { return .notMeasured }
        guard var calibration = context.cache.load(context.key) else { return .noCalibration }
        calibration.latency = latency
        do {
            try context.cache.save(calibration, for: context.key)
        } catch {
            return .failed("\(error)")
        }
        return .stored(date: calibration.date)
    }

    static func textReport(_ result: CaptureCalibrator.LatencyResult, storage: Storage, context: Context) -> String {
        let title = tr(.calibrateLatencyTitle, ["synth": context.synth.clientName, "address": "\(context.synth.address)",
                                                 "device": context.device])
        let level = tr(.calibratePeak, ["peak": SynthCalibration.shown(result.peakLevelDB, decimals: 1)])
            + (result.overruns > 0 ? tr(.calibrateOverruns, count: result.overruns) : "")
        let latency = CaptureCalibrateCommand.latencyLine(result.latency, clicks: result.clicks, heard: result.clicksHeard,
                                                          timestamped: result.captureTimestamped)
        return [title, latency, level, storageLine(storage, context: context)].joined(separator: "\n") + "\n"
    }

    static func storageLine(_ storage: Storage, context: Context) -> String {
        switch storage {
        case .stored(let date): tr(.calibrateLatencyStored, ["date": date])
        case .noCalibration: tr(.calibrateLatencyNoCalibration, ["synth": context.synth.clientName, "device": context.device])
        case .notMeasured: tr(.calibrateLatencyKept)
        case .failed: tr(.calibrateLatencyKept)
        }
    }

    /// `{"synth": …, "latencyMs": {"median", "spread", "count"}, "stored": true}`; no `latencyMs` when not measured.
    struct Record: Codable, Equatable {
        var synth: String
        var latencyMs: LatencyRecord?
        var stored: Bool
    }

    static func jsonReport(_ result: CaptureCalibrator.LatencyResult, storage: Storage, synth: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var stored = false
        if case .stored = storage { stored = true }
        let record = Record(synth: synth, latencyMs: result.latency.map(LatencyRecord.init), stored: stored)
        return String(decoding: try encoder.encode(record), as: UTF8.self) + "\n"
    }
}
