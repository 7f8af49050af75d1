import PeachCore

/// Frequency ↔ key + bend for one synth and bend range. Pure arithmetic; the player holds one.
///
/// Frequencies are absolute. They are placed relative to the synth's own tuning
/// (`SynthProfile.concertPitch`, A4 = 440 Hz for GM synths), not Peach's reference-pitch setting:
/// with A4 = 442 Hz in the settings, Peach asks for 442 Hz and the synth gets note 69 bent +7.85 c.
/// That keeps every offset within ±50 c of the nearest key, whatever the reference (380...500 Hz).
public struct BendTuning: Hashable, Sendable {
    public var range: BendRange
    public var profile: SynthProfile

    public init(range: BendRange = .default, profile: SynthProfile = .generalMIDI) {
        self.range = range
        self.profile = profile
    }

    /// The signed bend's full scale: ALSA carries −8192...8191 and synths divide by 8192.
    static let fullScale = 8192.0

    /// Cents the synth really moves per bend unit (LSB), after its bend scale.
    public var centsPerStep: Cents {
        let nominalSemitones = profile.effectiveBendRange(range).nominal(honouringCents: profile.honoursBendRangeCents).semitones
        return Cents(nominalSemitones * profile.centsPerBendSemitone / Self.fullScale)
    }

    /// The continuous offset the synth sounds for `bend` (after its bend resolution, before its pitch grid).
    public func soundingOffset(of bend: PitchBend) -> Cents { centsPerStep * Double(profile.appliedBend(bend)) }

    /// What the listener hears for `bend`: the sounding offset on the synth's resolution grid.
    public func presentedOffset(of bend: PitchBend) -> Cents { profile.presented(soundingOffset(of: bend)) }

    /// The bend that makes the synth present the value nearest `offset`, or nil beyond the bend range.
    /// On a synth with a coarse bend (fewer than 14 bits) it is the middle of the nearest bend
    /// step's bucket, so the bend lands on that step whichever way the synth drops the low bits.
    public func bend(for offset: Cents) -> PitchBend? {
        let aim = profile.aim(for: offset)
        let step = profile.bendStep
        guard step > 1 else {
            let steps = (aim.value / centsPerStep.value).rounded()
            guard steps.isFinite, let bend = PitchBend(Int(steps)) else { return nil }
            return bend
        }
        let level = (aim.value / (centsPerStep.value * Double(step))).rounded()
        guard level.isFinite, Self.levels(step: step).contains(Int(level)) else { return nil }
        return PitchBend(Int(level) * step + step / 2)
    }

    /// The bend steps a synth with `step` units per step can sound, as multiples of the step
    /// (−64...63 for a 7-bit synth).
    static func levels(step: Int) -> ClosedRange<Int> {
        (PitchBend.range.lowerBound / step)...((PitchBend.range.upperBound + 1) / step - 1)
    }

    /// The smallest pitch difference the synth can present on one key: its pitch grid, or its bend
    /// step when that is coarser (a 7-bit bend: 3.03 c at ±2 semitones and 97 c per semitone).
    public var smallestStep: Cents {
        let bendStep = profile.bendStep > 1 ? centsPerStep * Double(profile.bendStep) : .zero
        return max(profile.pitchResolution, bendStep)
    }

    /// The largest offset the synth can bend any key to, either way.
    public var reach: Cents {
        let step = profile.bendStep
        return centsPerStep * Double(step > 1 ? Self.levels(step: step).upperBound * step : PitchBend.range.upperBound)
    }

    /// Bends `note` to `frequency`, or nil when that is outside the bend range from `note`. The key's
    /// own tuning (`profile.keyTuning`) is corrected: the bend aims at the target minus it, and the
    /// presented offset includes it.
    public func placement(of frequency: Frequency, on note: MIDINote) -> BentNote? {
        let key = DetunedMIDINote(note: note).frequency(reference: profile.concertPitch)
        let keyOffset = profile.keyTuning.offset(of: note)
        guard let bend = bend(for: Cents.between(key, and: frequency) - keyOffset) else { return nil }
        return BentNote(note: note, bend: bend, presentedOffset: keyOffset + presentedOffset(of: bend))
    }

    /// The nearest key to `frequency` in the synth's tuning, bent to it. Beyond the MIDI range the
    /// bend saturates at its end, and `presentedOffset` says so.
    ///
    /// With a calibration that did not measure the nearest key (the settings changed since, or a stored
    /// calibration of a smaller range), the note is bent from the nearest measured key the bend reaches
    /// instead: its presented pitch then rests on a measured tuning, not on an assumed one.
    public func placement(of frequency: Frequency) -> BentNote {
        let nearest = DetunedMIDINote(frequency: frequency, reference: profile.concertPitch).note
        for key in candidateKeys(for: frequency, nearest: nearest) {
            if let placed = placement(of: frequency, on: key) { return placed }
        }
        let key = DetunedMIDINote(note: nearest).frequency(reference: profile.concertPitch)
        let keyOffset = profile.keyTuning.offset(of: nearest)
        let bend = Cents.between(key, and: frequency) - keyOffset > .zero ? PitchBend(clamping: .max) : PitchBend(clamping: .min)
        return BentNote(note: nearest, bend: bend, presentedOffset: keyOffset + presentedOffset(of: bend))
    }

    /// `nearest` when its tuning is known (measured, or no calibration at all); otherwise the measured
    /// keys within the bend's reach, nearest in pitch first, and `nearest` last (its tuning assumed).
    func candidateKeys(for frequency: Frequency, nearest: MIDINote) -> [MIDINote] {
        let tuning = profile.keyTuning
        guard assumesTuning(of: nearest) else { return [nearest] }
        let keysAway = Int(reach.value / Cents.perSemitone) + 1
        let measured = (nearest.rawValue - keysAway...nearest.rawValue + keysAway).compactMap(MIDINote.init).filter(tuning.isMeasured)
        func distance(_ key: MIDINote) -> Double {
            Cents.between(DetunedMIDINote(note: key).frequency(reference: profile.concertPitch), and: frequency).value.magnitude
        }
        return measured.sorted { distance($0) < distance($1) } + [nearest]
    }

    /// Whether a note on `key` sounds on a tuning calibration did not measure. False without a calibration:
    /// an empty key tuning claims nothing per key.
    public func assumesTuning(of key: MIDINote) -> Bool {
        !profile.keyTuning.isEmpty && !profile.keyTuning.isMeasured(key)
    }

    /// Whether the synth sounds `frequency` on a key whose tuning calibration did not measure (`placement(of:)`
    /// found no measured key within the bend's reach).
    public func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool {
        assumesTuning(of: placement(of: frequency).note)
    }

    /// The frequency the synth will really sound for `placed`.
    public func presentedFrequency(of placed: BentNote) -> Frequency {
        DetunedMIDINote(note: placed.note, offset: placed.presentedOffset).frequency(reference: profile.concertPitch)
    }

    /// The frequency the synth will really sound when asked for `frequency`.
    public func presentedFrequency(for frequency: Frequency) -> Frequency {
        presentedFrequency(of: placement(of: frequency))
    }
}
