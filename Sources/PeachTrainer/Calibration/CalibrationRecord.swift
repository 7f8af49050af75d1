import PeachCore
import PeachMIDI

/// A `SynthCalibration` as JSON (the cache file and `peach calibrate --json`): plain numbers,
/// keys by MIDI number, so other tools can read it.
public struct CalibrationRecord: Codable, Equatable {
    public var synth: String
    public var date: String
    public var centsPerBendSemitone: Double
    public var pitchResolutionCents: Double
    public var rounding: String
    /// How many of the 14 bend bits the synth uses; absent in files written before it was measured (14).
    public var bendResolutionBits: Int?
    public var honoursBendRange: Bool
    public var bendRangeSemitones: Int
    /// MIDI key number (as text: JSON object keys) → cents from equal temperament, A4 = 440 Hz.
    public var keyOffsetsCents: [String: Double]
    public var uncorrectableKeys: [Int]
    public var unsteadyKeys: [Int]
    /// The synth's MIDI-to-sound latency, when it was recorded (`peach calibrate --capture`); absent in
    /// files written before it was measured and for offline calibrations.
    public var latencyMs: LatencyRecord?

    public init(_ calibration: SynthCalibration) {
        synth = calibration.synthName
        date = calibration.date
        centsPerBendSemitone = calibration.centsPerBendSemitone
        pitchResolutionCents = calibration.pitchResolution.value
        rounding = calibration.rounding.rawValue
        bendResolutionBits = calibration.bendResolutionBits
        honoursBendRange = calibration.honoursBendRange
        bendRangeSemitones = calibration.bendRange.semitones
        keyOffsetsCents = Dictionary(uniqueKeysWithValues: calibration.keyTuning.offsets.map { (String($0.key.rawValue), $0.value.value) })
        uncorrectableKeys = calibration.uncorrectableKeys.map(\.rawValue)
        unsteadyKeys = calibration.unsteadyKeys.map(\.rawValue)
        latencyMs = calibration.latency.map(LatencyRecord.init)
    }

    /// Nil when a value is out of its domain (a hand-edited or foreign file).
    public var calibration: SynthCalibration? {
        guard let rounding = PitchRounding(rawValue: rounding), centsPerBendSemitone.isFinite, centsPerBendSemitone > 0,
              pitchResolutionCents.isFinite, pitchResolutionCents >= 0,
              SynthProfile.allowedBendBits.contains(bendResolutionBits ?? SynthProfile.fullBendBits) else { return nil }
        var latency: MeasuredLatency?
        if let latencyMs {
            guard let measured = latencyMs.latency else { return nil }
            latency = measured
        }
        var offsets: [MIDINote: Cents] = [:]
        for (key, cents) in keyOffsetsCents {
            guard let number = Int(key), let note = MIDINote(number), cents.isFinite else { return nil }
            offsets[note] = Cents(cents)
        }
        return SynthCalibration(synthName: synth, date: date, centsPerBendSemitone: centsPerBendSemitone,
                                pitchResolution: Cents(pitchResolutionCents), rounding: rounding,
                                honoursBendRange: honoursBendRange, keyTuning: KeyTuning(offsets: offsets),
                                bendRange: BendRange(semitones: bendRangeSemitones),
                                uncorrectableKeys: uncorrectableKeys.compactMap(MIDINote.init),
                                unsteadyKeys: unsteadyKeys.compactMap(MIDINote.init),
                                bendResolutionBits: bendResolutionBits ?? SynthProfile.fullBendBits, latency: latency)
    }
}
