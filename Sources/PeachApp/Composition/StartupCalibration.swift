import Foundation
import PeachConfig
import PeachMIDI
import PeachStore
import PeachText
import PeachTrainer

/// At start: when Peach launched FluidSynth, the calibration for its SoundFont and the configured
/// preset, measured now (with a progress line) the first time that combination is used.
enum StartupCalibration {
    static func calibration(for connection: SynthConnection.Outcome, configuration: PeachConfiguration,
                            dataDirectory: DataDirectory, say: @escaping @Sendable (String) -> Void) async -> SynthCalibration? {
        guard configuration.midi.synthProfile != .generic else { return nil }
        let process: FluidSynthProcess
        switch connection {
        case .launched(_, let launched): process = launched
        case .existing(let port):
            // A synth recorded with `peach calibrate --capture` under this client name, if any.
            let midi = configuration.midi
            let stored = CalibrationCache(dataDirectory: dataDirectory).load(CalibrationCache.key(
                synth: port.clientName, instrument: InstrumentSelection(program: midi.program, bankMSB: midi.bank),
                bendRange: BendRange(semitones: midi.bendRangeSemitones)))
            if let stored, let warning = CalibrationKeys.coverageWarning(stored, keys: CalibrationKeys.reachable(with: configuration)) {
                say(warning)
            }
            return stored
        }
        let source = self.source(soundFont: process.configuration.soundFont, configuration: configuration,
                                 dataDirectory: dataDirectory)
        if let cached = source.cached() { return cached }
        say(tr(.calibrationStarting))
        do {
            let measured = try await source.calibration(remeasure: true, progress: { say(tr(.calibrationProgress, ["step": $0])) }, warn: say)
            say(tr(.calibrationMeasured, ["summary": measured.summary]))
            return measured
        } catch {
            say(tr(.calibrationFailedUsingBuiltIn, ["error": "\(error)"]))
            return nil
        }
    }

    /// For `peach ports`: what is stored for the SoundFont and preset Peach would start FluidSynth with.
    static func storedSummary(soundFont requested: String?, configuration: PeachConfiguration,
                              dataDirectory: DataDirectory) -> String {
        guard let soundFont = try? SoundFontLocator().locate(requested: requested ?? configuration.midi.soundFont) else {
            return tr(.calibrationNoSoundFont)
        }
        let source = self.source(soundFont: soundFont, configuration: configuration, dataDirectory: dataDirectory)
        let preset = tr(.calibrationPreset, ["soundFont": URL(fileURLWithPath: soundFont).lastPathComponent,
                                             "bank": "\(configuration.midi.bank)", "program": "\(configuration.midi.program)"])
        return tr(.calibrationStored, ["preset": preset, "summary": source.cached()?.summary ?? tr(.calibrationNotYetMeasured)])
    }

    static func source(soundFont: String, configuration: PeachConfiguration, dataDirectory: DataDirectory) -> FluidSynthCalibrationSource {
        let midi = configuration.midi
        return FluidSynthCalibrationSource(
            calibrator: FluidSynthCalibrator(soundFont: soundFont, plan: CalibrationPlan(
                instrument: InstrumentSelection(program: midi.program, bankMSB: midi.bank),
                bendRange: BendRange(semitones: midi.bendRangeSemitones), keys: CalibrationKeys.reachable(with: configuration))),
            cache: CalibrationCache(dataDirectory: dataDirectory))
    }
}
