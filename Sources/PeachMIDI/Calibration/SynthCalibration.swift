import PeachCore
import PeachText

/// What listening to a synth found: its bend scale, pitch floor, whether it honours RPN 0 and each
/// key's tuning for one preset. `profile(basedOn:)` turns it into the profile the player corrects with.
public struct SynthCalibration: Hashable, Sendable {
    public var synthName: String
    /// The day it was measured, as the caller wrote it (YYYY-MM-DD).
    public var date: String
    public var centsPerBendSemitone: Double
    public var pitchResolution: Cents
    public var rounding: PitchRounding
    /// How many of the 14 bend bits the synth uses (`SynthProfile.bendResolutionBits`).
    public var bendResolutionBits: Int
    public var honoursBendRange: Bool
    public var keyTuning: KeyTuning
    /// Peach's bend range when measured: which keys can be corrected depends on it.
    public var bendRange: BendRange
    /// Keys whose own tuning is so far off that the bend cannot bring every pitch within ±50 c of
    /// the key back to it.
    public var uncorrectableKeys: [MIDINote]
    /// Keys whose pitch wandered within the note (vibrato, LFO): measured, but less exactly.
    public var unsteadyKeys: [MIDINote]
    /// From a note-on leaving Peach's queue to its sound (median of many clicks, spread = jitter), when
    /// measured by recording the synth (`peach calibrate --capture`); nil when not measured (an offline
    /// rendering has no latency, and older calibrations did not measure it).
    public var latency: MeasuredLatency?

    public init(synthName: String, date: String, centsPerBendSemitone: Double, pitchResolution: Cents,
                rounding: PitchRounding, honoursBendRange: Bool, keyTuning: KeyTuning, bendRange: BendRange,
                uncorrectableKeys: [MIDINote] = [], unsteadyKeys: [MIDINote] = [],
                bendResolutionBits: Int = SynthProfile.fullBendBits, latency: MeasuredLatency? = nil) {
        self.synthName = synthName
        self.date = date
        self.centsPerBendSemitone = centsPerBendSemitone
        self.pitchResolution = pitchResolution
        self.rounding = rounding
        self.honoursBendRange = honoursBendRange
        self.keyTuning = keyTuning
        self.bendRange = bendRange
        self.uncorrectableKeys = uncorrectableKeys
        self.unsteadyKeys = unsteadyKeys
        self.bendResolutionBits = bendResolutionBits
        self.latency = latency
    }

    /// The measured profile; what calibration cannot see (CC38 handling, concert pitch) comes from `base`.
    public func profile(basedOn base: SynthProfile) -> SynthProfile {
        SynthProfile(name: "\(synthName) (calibrated \(date))", centsPerBendSemitone: centsPerBendSemitone,
                     pitchResolution: pitchResolution, rounding: rounding,
                     honoursBendRangeCents: base.honoursBendRangeCents, concertPitch: base.concertPitch,
                     honoursBendRange: honoursBendRange, keyTuning: keyTuning, bendResolutionBits: bendResolutionBits)
    }

    /// "1 c floor", "1 c steps, rounded to nearest", "continuous pitch".
    public var floorDescription: String {
        guard pitchResolution > .zero else { return tr(.synthCalibrationContinuous) }
        let step = ["step": Self.shown(pitchResolution.value, decimals: pitchResolution.value < 1 ? 2 : 0)]
        switch rounding {
        case .down: return tr(.synthCalibrationFloor, step)
        case .nearest: return tr(.synthCalibrationStepsNearest, step)
        case .towardZero: return tr(.synthCalibrationStepsTowardZero, step)
        }
    }

    /// "14-bit bend (0.024 c steps)", "7-bit bend (3.03 c steps)": the bend's own resolution at the
    /// bend range it was measured with, after the bend scale.
    public var bendDescription: String {
        let profile = self.profile(basedOn: .generalMIDI)
        let step = BendTuning(range: bendRange, profile: profile).centsPerStep.value * Double(profile.bendStep)
        return tr(.synthCalibrationBend, ["bits": "\(bendResolutionBits)", "step": Self.shown(step, decimals: step < 0.1 ? 3 : 2),
                                          "range": "\(bendRange)"])
    }

    /// "calibrated 2026-11-22: 99.2 c/semitone, 1 c floor, keys within ±3.1 c" (for `peach ports` and the Info screen);
    /// a synth with a coarse bend adds "7-bit bend".
    public var summary: String {
        var text = tr(.synthCalibrationSummary, ["date": date, "scale": Self.shown(centsPerBendSemitone, decimals: 1),
                                                 "floor": floorDescription])
        if bendResolutionBits < SynthProfile.fullBendBits { text += tr(.synthCalibrationCoarseBend, ["bits": "\(bendResolutionBits)"]) }
        text += tr(.synthCalibrationKeysWithin, ["offset": Self.shown(keyTuning.largestOffset.value, decimals: 1)])
        if !honoursBendRange { text += tr(.synthCalibrationIgnoresRPN) }
        if !uncorrectableKeys.isEmpty { text += tr(.synthCalibrationBeyondRange, count: uncorrectableKeys.count) }
        return text
    }

    /// `format` in the language's notation, for the text a person reads (the stored figures use `format`).
    public static func shown(_ value: Double, decimals: Int) -> String {
        LocalizedNumber.localizing(format(value, decimals: decimals))
    }

    /// Fixed-point text without Foundation.
    public static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let digits = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
