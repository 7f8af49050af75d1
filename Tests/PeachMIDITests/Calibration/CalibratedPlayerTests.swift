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
}
