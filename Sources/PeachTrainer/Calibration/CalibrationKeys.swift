import PeachConfig
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachText

/// Which keys a calibration measures: every key a trial can reach with the configured settings
/// (`ReachableKeys`), not just the note range, so the pitch Peach records rests on a measured tuning
/// for every note it plays.
public enum CalibrationKeys {
    public static func reachable(with configuration: PeachConfiguration) -> ClosedRange<MIDINote> {
        let settings = Disciplines.trainingSettings(from: configuration)
        let reach = Disciplines.reach(of: settings)
        return ReachableKeys.keys(for: settings, reach: reach, tuningReach: tuningReach(reach))
    }

    /// How far from the target a tunable note can be moved by one gesture: the absolute knob's reach, or the
    /// pitch wheel's from a start up to the largest a discipline declares (relative knobs and the keyboard can
    /// step on without end; beyond this the player falls back on measured keys).
    public static func tuningReach(_ reach: TrialReach) -> Cents {
        max(KnobMapping.largestDefaultReach, PitchWheelSettings.reach + reach.tunableStart)
    }

    /// Nil when `calibration` measured every key of `keys`; else a line saying which it did not and
    /// what Peach does about them.
    public static func coverageWarning(_ calibration: SynthCalibration, keys: ClosedRange<MIDINote>) -> String? {
        let missing = calibration.keyTuning.unmeasured(keys)
        guard let first = missing.first, let last = missing.last else { return nil }
        let names = missing.count <= 4 ? missing.map(\.name).joined(separator: " ")
            : tr(.calibrationKeySpan, count: missing.count, ["first": first.name, "last": last.name])
        return tr(.calibrationUnmeasuredKeys, ["synth": calibration.synthName, "keys": names])
    }
}
