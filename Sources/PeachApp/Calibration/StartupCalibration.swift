import Foundation
import PeachConfig
import PeachMIDI
import PeachStore

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
        say("Calibrating FluidSynth for this SoundFont and program (once; a few seconds)…")
        do {
            let measured = try await source.calibration(remeasure: true, progress: { say("calibration: \($0)") }, warn: say)
            say("FluidSynth \(measured.summary)")
            return measured
        } catch {
            say("calibration failed (\(error)); using the built-in FluidSynth profile")
            return nil
        }
    }

    /// For `peach ports`: what is stored for the SoundFont and preset Peach would start FluidSynth with.
    static func storedSummary(soundFont requested: String?, configuration: PeachConfiguration,
                              dataDirectory: DataDirectory) -> String {
        guard let soundFont = try? SoundFontLocator().locate(requested: requested ?? configuration.midi.soundFont) else {
            return "FluidSynth calibration: no SoundFont found"
        }
        let source = self.source(soundFont: soundFont, configuration: configuration, dataDirectory: dataDirectory)
        let preset = "\(URL(fileURLWithPath: soundFont).lastPathComponent), bank \(configuration.midi.bank) program \(configuration.midi.program)"
        return "FluidSynth calibration (\(preset)): "
            + (source.cached()?.summary ?? "not yet measured (it runs when Peach first starts FluidSynth, or: peach calibrate)")
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
