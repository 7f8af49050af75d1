import Testing
import PeachCore
@testable import PeachMIDI

/// A calibrated profile knows only the keys it measured: a pitch whose nearest key it did not
/// measure is bent from a measured key, so the pitch Peach records rests on measured facts, never on
/// an unmeasured key taken as in tune (docs/synth-calibration.md, "Which keys": A4 measured −1.24 c, its neighbours assumed 0).
@Suite struct UnmeasuredKeyTests {
    static let a4 = MIDINote.a4
    static let aSharp4 = MIDINote(70)!
    /// Measured A4 only, −5.6 c; the synth really tunes A♯4 −8 c, which calibration never heard.
    static let onlyA4 = SynthProfile(name: "calibrated A4", centsPerBendSemitone: 100, pitchResolution: .zero, rounding: .nearest,
                                     keyTuning: KeyTuning(offsets: [a4: Cents(-5.6)]))

    @Test func aPitchNearAnUnmeasuredKeyIsBentFromTheMeasuredOne() {
        let tuning = BendTuning(profile: Self.onlyA4)
        let target = DetunedMIDINote(note: Self.a4, offset: Cents(60.24)).frequency()
        let placed = tuning.placement(of: target)
        #expect(placed.note == Self.a4, "A♯4 is nearer, but its tuning was never measured")
        #expect(abs((placed.presentedOffset - Cents(60.24)).value) < 0.02, "\(placed)")
    }

    /// What the synth sounds for that placement, from its real tunings: the recorded pitch is what sounds.
    @Test func thePresentedPitchIsWhatTheSynthSounds() {
        var real = Self.onlyA4
        real.keyTuning = KeyTuning(offsets: [Self.a4: Cents(-5.6), Self.aSharp4: Cents(-8)])
        let truth = BendTuning(profile: real)
        let calibrated = BendTuning(profile: Self.onlyA4)
        for offset in [55.0, 60.24, 75, 140] {
            let placed = calibrated.placement(of: DetunedMIDINote(note: Self.a4, offset: Cents(offset)).frequency())
            let sounded = truth.profile.keyTuning.offset(of: placed.note) + truth.presentedOffset(of: placed.bend)
            #expect(abs((sounded - placed.presentedOffset).value) < 1e-9, "\(offset) c: \(placed)")
        }
    }

    @Test func aMeasuredNearestKeyIsKept() {
        var profile = Self.onlyA4
        profile.keyTuning = KeyTuning(offsets: [Self.a4: Cents(-5.6), Self.aSharp4: Cents(-8)])
        let placed = BendTuning(profile: profile).placement(of: DetunedMIDINote(note: Self.a4, offset: Cents(60)).frequency())
        #expect(placed.note == Self.aSharp4)
        #expect(abs((placed.presentedOffset - Cents(-40)).value) < 0.02)
    }

    /// No calibration: the built-in profile's "every key in tune" is the only claim there is.
    @Test func anUncalibratedProfileUsesTheNearestKey() {
        let placed = BendTuning(profile: .generalMIDI).placement(of: DetunedMIDINote(note: Self.a4, offset: Cents(60)).frequency())
        #expect(placed.note == Self.aSharp4)
    }

    /// Beyond the bend's reach from every measured key there is nothing measured to bend from.
    @Test func farFromEveryMeasuredKeyTheNearestKeyIsUsed() {
        let far = DetunedMIDINote(note: MIDINote(81)!, offset: Cents(10)).frequency()
        #expect(BendTuning(profile: Self.onlyA4).placement(of: far).note == MIDINote(81)!)
    }

    /// Only a key a calibration left out is one whose tuning is assumed; a pitch bent from a measured key rests
    /// on measured facts, and no calibration claims nothing per key.
    @Test func aPitchBeyondEveryMeasuredKeysReachSoundsOnAnAssumedTuning() async throws {
        let tuning = BendTuning(profile: Self.onlyA4)
        let far = DetunedMIDINote(note: MIDINote(81)!, offset: Cents(10)).frequency()
        let near = DetunedMIDINote(note: Self.a4, offset: Cents(60.24)).frequency()
        #expect(tuning.assumesTuning(of: tuning.placement(of: far).note))
        #expect(!tuning.assumesTuning(of: tuning.placement(of: near).note))
        #expect(!BendTuning(profile: .generalMIDI).assumesTuning(of: MIDINote(81)!))

        let player = MidiNotePlayer(port: RecordingOutputPort(), configuration: MidiNotePlayerConfiguration(profile: Self.onlyA4))
        #expect(player.soundsOnUnmeasuredKey(far))
        #expect(!player.soundsOnUnmeasuredKey(near))
        let handle = try await player.play(frequency: near, velocity: MIDIVelocity(100)!, amplitudeDB: .unchanged)
        #expect(handle.soundsOnUnmeasuredKey(near) == false, "held on A4, a measured key")
        #expect(handle.soundsOnUnmeasuredKey(far) == nil, "beyond the held key's reach: the player's placement says")
        try await handle.stop()
    }

    @Test func unmeasuredKeysAreNamedOnlyForACalibration() {
        #expect(Self.onlyA4.keyTuning.unmeasured(MIDINote(68)!...Self.aSharp4) == [MIDINote(68)!, Self.aSharp4])
        #expect(KeyTuning.inTune.unmeasured(MIDINote(68)!...Self.aSharp4).isEmpty)
        #expect(Self.onlyA4.keyTuning.isMeasured(Self.a4))
        #expect(!Self.onlyA4.keyTuning.isMeasured(Self.aSharp4))
    }
}
