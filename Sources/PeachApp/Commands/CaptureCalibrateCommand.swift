import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachMIDI
import PeachStore
import PeachText
import PeachTrainer

/// `peach calibrate --capture DEVICE`: plays the calibration sequence to a synth port and records
/// the synth's audio through an ALSA capture device; stores the result under the synth's client name.
enum CaptureCalibrateCommand {
    static func run(_ request: CalibrateRequest, device: String, port requested: String?, configuration: PeachConfiguration,
                    directory: DataDirectory, console: Console) async -> Int32 {
        let sequencer: ALSASequencer
        do {
            sequencer = try ALSASequencer(clientName: "Peach (calibrate)")
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        defer { sequencer.close() }
        // However this command ends, no note it started keeps sounding (docs/stuck-notes.md): a crash or kill -9
        // is silenced by the crash handler or the guardian, a terminating signal by the calibrator's own stop.
        let stuckNotes = StuckNoteGuard(sequencer: sequencer, logger: ConsoleLogger(console: console))
        defer { stuckNotes.cleanExit() }
        let instrument = InstrumentSelection(program: request.program ?? configuration.midi.program,
                                             bankMSB: request.bank ?? configuration.midi.bank)
        let bendRange = BendRange(semitones: configuration.midi.bendRangeSemitones)
        do {
            guard let destination = try await destination(requested ?? configuration.midi.outputPort, on: sequencer) else {
                console.err("peach: " + tr(.calibrateNoSynthPort) + "\n")
                return 1
            }
            try await sequencer.connectOutput(to: destination.address)
            stuckNotes.playing(to: destination.address, channels: CaptureCalibrator.channels)
            let calibrator = CaptureCalibrator(device: device, plan: CalibrationPlan(
                instrument: instrument, bendRange: bendRange, keys: CalibrationKeys.reachable(with: configuration)))
            if request.latencyOnly {
                let context = CaptureLatencyCommand.Context(
                    synth: destination, device: device,
                    key: CalibrationCache.key(synth: destination.clientName, instrument: instrument, bendRange: bendRange),
                    cache: CalibrationCache(dataDirectory: directory))
                return try await CaptureLatencyCommand.run(calibrator, on: sequencer, context: context, json: request.json,
                                                           console: console)
            }
            let synth = destination.clientName
            switch try await unlessInterrupted({
                try await calibrator.calibrate(sequencer: sequencer, synthName: synth, progress: { console.err("peach: \($0)\n") })
            }) {
            case .interrupted(let signal):
                return interrupted(by: signal, console: console)
            case .finished(let result):
                store(result.calibration, synth: destination.clientName, instrument: instrument, bendRange: bendRange,
                      directory: directory, console: console)
                console.out(try report(result, request: request, destination: destination, device: device,
                                       instrument: instrument, bendRange: bendRange))
                return 0
            }
        } catch {
            try? await sequencer.send(SynthSetup.silence(CaptureCalibrator.channels))
            console.err("peach: " + tr(.calibrateFailed, ["error": "\(error)"]) + "\n")
            return 1
        }
    }

    /// The port asked for (`--port`, else the configured one), or the synth Peach would choose; nil: none.
    static func destination(_ requested: String?, on sequencer: ALSASequencer) async throws -> SequencerPortInfo? {
        let ports = try await sequencer.ports().filter { $0.address.client != sequencer.ownClient }
        if let requested {
            return try PortResolver(ports: ports, ownClient: sequencer.ownClient).resolve(requested, for: .destination)
        }
        return SynthSelection.choose(from: ports, ownClient: sequencer.ownClient)
    }

    enum Outcome<Value> {
        case finished(Value)
        case interrupted(signal: ProcessSignal)
    }

    /// Runs a calibration (or the latency probe alone); SIGINT, SIGTERM or SIGHUP cancels it, and its stop path
    /// cancels what is queued and silences the synth before this returns.
    static func unlessInterrupted<Value: Sendable>(_ measure: @escaping @Sendable () async throws -> Value) async throws -> Outcome<Value> {
        let work = Task { try await measure() }
        let interruption = CommandInterruption { work.cancel() }
        defer { interruption.stop() }
        do {
            let result = try await work.value
            if let signal = interruption.received { return .interrupted(signal: signal) }
            return .finished(result)
        } catch {
            if let signal = interruption.received { return .interrupted(signal: signal) }
            throw error
        }
    }

    static func interrupted(by signal: ProcessSignal, console: Console) -> Int32 {
        console.err("peach: " + tr(.calibrateInterrupted, ["signal": signal.name]) + "\n")
        return signal.exitStatus
    }

    static func store(_ calibration: SynthCalibration, synth: String, instrument: InstrumentSelection, bendRange: BendRange,
                      directory: DataDirectory, console: Console) {
        let cache = CalibrationCache(dataDirectory: directory)
        do {
            try cache.save(calibration, for: CalibrationCache.key(synth: synth, instrument: instrument, bendRange: bendRange))
        } catch {
            console.err("peach: " + tr(.calibrateCannotStore, ["directory": cache.directory, "error": "\(error)"]) + "\n")
        }
    }

    /// The result as JSON (`--json`) or as the report's lines.
    static func report(_ result: CaptureCalibrator.Result, request: CalibrateRequest, destination: SequencerPortInfo,
                       device: String, instrument: InstrumentSelection, bendRange: BendRange) throws -> String {
        if request.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return String(decoding: try encoder.encode(CalibrationRecord(result.calibration)), as: UTF8.self) + "\n"
        }
        let title = tr(.calibrateCaptureTitle, ["synth": destination.clientName, "address": "\(destination.address)",
                                                "device": device, "bank": "\(instrument.bankMSB)",
                                                "program": "\(instrument.program)", "range": "\(bendRange)"])
        let level = tr(.calibratePeak, ["peak": SynthCalibration.shown(result.peakLevelDB, decimals: 1)])
            + (result.overruns > 0 ? tr(.calibrateOverruns, count: result.overruns) : "")
        let latency = latencyLine(result.latency, clicks: result.latencyClicks, heard: result.latencyClicksHeard,
                                  timestamped: result.captureTimestamped)
        return ([title] + CalibrationReport.lines(result.calibration) + [level, latency]).joined(separator: "\n") + "\n"
    }

    /// "  latency      MIDI-to-sound latency 12.4 ms, jitter 0.6 ms (40 clicks)", or why it is not there.
    static func latencyLine(_ latency: MeasuredLatency?, clicks: Int, heard: Int, timestamped: Bool) -> String {
        guard let latency else {
            guard timestamped else { return tr(.calibrateLatencyNoTimestamps) }
            return tr(.calibrateLatencyNotMeasured, count: clicks, ["heard": "\(heard)"])
        }
        return tr(.calibrateLatency, count: latency.count, ["latency": SynthCalibration.shown(latency.median.value, decimals: 1),
                                                           "jitter": SynthCalibration.shown(latency.spread.value, decimals: 1)])
    }
}
