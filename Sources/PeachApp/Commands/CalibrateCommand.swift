import Foundation
import PeachConfig
import PeachCore
import PeachMIDI
import PeachStore
import PeachText
import PeachTrainer

/// `peach calibrate`: measures FluidSynth with the SoundFont and preset Peach would use, stores the
/// result in the data directory (the trainer then uses it) and prints it.
public enum CalibrateCommand {
    public static func run(_ request: CalibrateRequest, synth: SynthChoice?, soundFont: String?, port: String? = nil,
                           configuration: PeachConfiguration, directory: DataDirectory, console: Console) async -> Int32 {
        if let device = request.capture {
            return await CaptureCalibrateCommand.run(request, device: device, port: port, configuration: configuration,
                                                     directory: directory, console: console)
        }
        switch synth {
        case .none, .fluidsynth: break
        case .auto, .external:
            console.err("peach: " + tr(.calibrateOfflineOnly) + "\n")
            return 2
        }
        let midi = configuration.midi
        let soundFontPath: String
        do {
            soundFontPath = try SoundFontLocator().locate(requested: soundFont ?? midi.soundFont)
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        let instrument = InstrumentSelection(program: request.program ?? midi.program, bankMSB: request.bank ?? midi.bank)
        let bendRange = BendRange(semitones: midi.bendRangeSemitones)
        let source = FluidSynthCalibrationSource(
            calibrator: FluidSynthCalibrator(soundFont: soundFontPath, plan: CalibrationPlan(
                instrument: instrument, bendRange: bendRange, keys: CalibrationKeys.reachable(with: configuration))),
            cache: CalibrationCache(dataDirectory: directory))
        do {
            let calibration = try await source.calibration(remeasure: true, progress: { console.err("peach: \($0)\n") },
                                                           warn: { console.err("peach: \($0)\n") })
            if request.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                console.out(String(decoding: try encoder.encode(CalibrationRecord(calibration)), as: UTF8.self) + "\n")
            } else {
                let title = tr(.calibrateFluidSynthTitle, ["synth": calibration.synthName,
                                                           "soundFont": URL(fileURLWithPath: soundFontPath).lastPathComponent,
                                                           "bank": "\(instrument.bankMSB)", "program": "\(instrument.program)",
                                                           "range": "\(bendRange)"])
                console.out(([title] + CalibrationReport.lines(calibration)).joined(separator: "\n") + "\n")
            }
            return 0
        } catch {
            console.err("peach: " + tr(.calibrateFailed, ["error": "\(error)"]) + "\n")
            return 1
        }
    }
}
