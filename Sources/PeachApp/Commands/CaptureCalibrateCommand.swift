import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachMIDI
import PeachStore

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
                console.err("peach: no synth port found to calibrate: name it with --port ADDR (see 'peach ports')\n")
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
                console.err("peach: could not store the calibration in \(cache.directory): \(error)\n")
            }
            if request.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                console.out(String(decoding: try encoder.encode(CalibrationRecord(result.calibration)), as: UTF8.self) + "\n")
            } else {
                let title = "\(destination.clientName) (\(destination.address)), recorded from \(device), "
                    + "bank \(instrument.bankMSB) program \(instrument.program), bend range \(bendRange)"
                let level = "  signal       latency \(SynthCalibration.format(result.latencyMilliseconds, decimals: 1)) ms note-on to sound, "
                    + "peak \(SynthCalibration.format(result.peakLevelDB, decimals: 1)) dBFS"
                    + (result.overruns > 0 ? ", \(result.overruns) capture overruns (gaps)" : "")
                console.out(([title] + CalibrationReport.lines(result.calibration) + [level]).joined(separator: "\n") + "\n")
            }
            return 0
        } catch {
            try? await sequencer.send(SynthSetup.silence([CalibrationSequence.keyChannel, CalibrationSequence.sweepChannel]))
            console.err("peach: calibration failed: \(error)\n")
            return 1
        }
    }
}
