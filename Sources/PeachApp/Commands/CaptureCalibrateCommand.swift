import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachMIDI
import PeachStore
import PeachText

/// `peach calibrate --capture DEVICE`: plays the calibration sequence to a synth port and records
/// the synth's audio through an ALSA capture device; stores the result under the synth's client name.
enum CaptureCalibrateCommand {
    static func run(_ request: CalibrateRequest, device: String, port requested: String?, configuration: PeachConfiguration,
                    directory: DataDirectory, console: Console) async -> Int32 {
        let midi = configuration.midi
        let sequencer: ALSASequencer
        do {
            sequencer = try ALSASequencer(clientName: "Peach (calibrate)")
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        defer { sequencer.close() }
        let instrument = InstrumentSelection(program: request.program ?? midi.program, bankMSB: request.bank ?? midi.bank)
        let bendRange = BendRange(semitones: midi.bendRangeSemitones)
        do {
            let ports = try await sequencer.ports().filter { $0.address.client != sequencer.ownClient }
            let destination: SequencerPortInfo
            if let requested = requested ?? midi.outputPort {
                destination = try PortResolver(ports: ports, ownClient: sequencer.ownClient).resolve(requested, for: .destination)
            } else if let found = SynthSelection.choose(from: ports, ownClient: sequencer.ownClient) {
                destination = found
            } else {
                console.err("peach: " + tr(.calibrateNoSynthPort) + "\n")
                return 1
            }
            try await sequencer.connectOutput(to: destination.address)
            let calibrator = CaptureCalibrator(device: device, plan: CalibrationPlan(
                instrument: instrument, bendRange: bendRange, keys: CalibrationKeys.reachable(with: configuration)))
            let result = try await calibrator.calibrate(sequencer: sequencer, synthName: destination.clientName,
                                                        progress: { console.err("peach: \($0)\n") })
            let cache = CalibrationCache(dataDirectory: directory)
            do {
                try cache.save(result.calibration, for: CalibrationCache.key(synth: destination.clientName, instrument: instrument,
                                                                             bendRange: bendRange))
            } catch {
                console.err("peach: " + tr(.calibrateCannotStore, ["directory": cache.directory, "error": "\(error)"]) + "\n")
            }
            if request.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                console.out(String(decoding: try encoder.encode(CalibrationRecord(result.calibration)), as: UTF8.self) + "\n")
            } else {
                let title = tr(.calibrateCaptureTitle, ["synth": destination.clientName, "address": "\(destination.address)",
                                                        "device": device, "bank": "\(instrument.bankMSB)",
                                                        "program": "\(instrument.program)", "range": "\(bendRange)"])
                let level = tr(.calibratePeak, ["peak": SynthCalibration.shown(result.peakLevelDB, decimals: 1)])
                    + (result.overruns > 0 ? tr(.calibrateOverruns, ["count": "\(result.overruns)"]) : "")
                console.out(([title] + CalibrationReport.lines(result.calibration) + [level, latencyLine(result)])
                    .joined(separator: "\n") + "\n")
            }
            return 0
        } catch {
            try? await sequencer.send(SynthSetup.silence([CalibrationSequence.keyChannel, CalibrationSequence.sweepChannel]))
            console.err("peach: " + tr(.calibrateFailed, ["error": "\(error)"]) + "\n")
            return 1
        }
    }

    /// "  latency      MIDI-to-sound latency 12.4 ms, jitter 0.6 ms (40 clicks)", or why it is not there.
    static func latencyLine(_ result: CaptureCalibrator.Result) -> String {
        guard let latency = result.latency else {
            guard result.captureTimestamped else { return tr(.calibrateLatencyNoTimestamps) }
            return tr(.calibrateLatencyNotMeasured, ["heard": "\(result.latencyClicksHeard)", "count": "\(result.latencyClicks)"])
        }
        return tr(.calibrateLatency, ["latency": SynthCalibration.shown(latency.median.value, decimals: 1),
                                      "jitter": SynthCalibration.shown(latency.spread.value, decimals: 1),
                                      "count": "\(latency.count)"])
    }
}
