import Testing
import PeachCore
@testable import PeachMIDI

/// MidiNotePlayer with a calibrated profile: each key's own tuning is bent away, and the pitch the
/// player reports as presented (what Peach scores and records) includes it.
@Suite struct CalibratedPlayerTests {
    private let calibrated = SynthProfile(name: "calibrated", centsPerBendSemitone: 100, pitchResolution: .zero, rounding: .nearest,
                                          keyTuning: KeyTuning(offsets: [MIDINote.a4: Cents(6.6)]))

    @Test func aSharpKeyIsBentDownByItsOwnTuning() async throws {
        let port = RecordingOutputPort()
        let player = MidiNotePlayer(port: port, configuration: MidiNotePlayerConfiguration(profile: calibrated))
        try await player.play(frequency: Frequency(440), duration: .milliseconds(500), velocity: MIDIVelocity(100)!,
                              amplitudeDB: .unchanged)
        let bends = await port.delivered.compactMap { event -> PitchBend? in
            if case .pitchBend(_, let bend) = event { return bend } else { return nil }
        }
        // −6.6 c at 200/8192 c per step = −270.3 steps.
        #expect(bends.first == PitchBend(-270))
        let presented = player.presentedFrequency(for: Frequency(440))
        #expect(abs(Cents.between(Frequency(440), and: presented).value) < 0.02)
        let uncalibrated = MidiNotePlayer(port: RecordingOutputPort(), configuration: MidiNotePlayerConfiguration(profile: .generalMIDI))
        #expect(uncalibrated.presentedFrequency(for: Frequency(440)) == Frequency(440))
    }

    @Test func anIgnoredBendRangeIsBentAsTheSynthReallyBends() {
        var profile = calibrated
        profile.honoursBendRange = false
        let tuning = BendTuning(range: BendRange(semitones: 12), profile: profile)
        // The synth stays at ±2 semitones: a +25 c target needs a quarter of 8192/2 steps, not a 24th.
        let placed = tuning.placement(of: Frequency(440).shifted(by: Cents(6.6 + 25)), on: MIDINote.a4)
        #expect(placed?.bend == PitchBend(1024))
    }

    /// A held note keeps its key while the bend reaches. Tuned to a pitch nearer another key, it
    /// sounds that pitch on its own key's bend steps (7-bit here: 3.03 c), not on the nearer key's:
    /// its handle reports what it sounds, which is what a pitch-matching commit scores.
    @Test func aHeldNoteReportsThePitchItSoundsOnTheKeyItIsHeldOn() async throws {
        let profile = SynthProfile(name: "7-bit", centsPerBendSemitone: 97, pitchResolution: .zero, rounding: .nearest,
                                   // G#4 measured in tune: an unmeasured key would be avoided (UnmeasuredKeyTests).
                                   keyTuning: KeyTuning(offsets: [MIDINote(67)!: Cents(8.4), MIDINote(68)!: .zero]),
                                   bendResolutionBits: 7)
        let port = RecordingOutputPort()
        let player = MidiNotePlayer(port: port, configuration: MidiNotePlayerConfiguration(profile: profile))
        let target = DetunedMIDINote(note: MIDINote(67)!, offset: Cents(17.3)).frequency()
        let handle = try await player.play(frequency: target.shifted(by: Cents(35)), velocity: MIDIVelocity(100)!,
                                           amplitudeDB: .unchanged)
        try await handle.adjustFrequency(target)
        let events = await port.delivered
        #expect(events.contains(.noteOn(channel: MIDIChannel(0)!, note: MIDINote(68)!, velocity: 100)), "held on G#4: \(events)")
        let bend = try #require(events.compactMap { event -> PitchBend? in
            if case .pitchBend(_, let bend) = event { return bend } else { return nil }
        }.last)
        let sounds = DetunedMIDINote(note: MIDINote(68)!, offset: player.tuning.presentedOffset(of: bend)).frequency()
        let reported = try #require(handle.presentedFrequency(for: target))
        #expect(abs(Cents.between(sounds, and: reported).value) < 1e-9)
        // The nearest key's placement (G4, its own 8.4 c and bend steps) would have recorded another pitch.
        #expect(abs(Cents.between(player.presentedFrequency(for: target), and: reported).value) > 0.1)
        try await handle.stop()
    }
}
