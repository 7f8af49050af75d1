import Testing
@testable import PeachCore
import PeachTestSupport

/// Frequency → (note, cents) → frequency, the direction MusicValueTests does not cover.
@Suite struct FrequencyRoundTripTests {
    @Test(arguments: [380.0, 440.0, 466.16, 500.0])
    func frequenciesSurviveTheTripToNoteAndCentsWithinAThousandthOfACent(referenceHertz: Double) {
        let reference = ReferencePitch(hertz: referenceHertz)!
        var random = SeededRandom(seed: 5)
        let lowest = DetunedMIDINote(note: .lowest).frequency(reference: reference).hertz
        let highest = DetunedMIDINote(note: .highest).frequency(reference: reference).hertz
        for _ in 0..<2000 {
            let original = Frequency(Double.random(in: lowest...highest, using: &random))
            let detuned = DetunedMIDINote(frequency: original, reference: reference)
            // Inside the MIDI range the nearest note is at most a quarter tone away.
            #expect(abs(detuned.offset.value) <= 50.0001)
            let back = detuned.frequency(reference: reference)
            #expect(abs(Cents.between(original, and: back).value) < 0.001)
        }
    }

    @Test func shiftingByCentsAndMeasuringAgreeBothWays() {
        var random = SeededRandom(seed: 6)
        for _ in 0..<1000 {
            let base = Frequency(Double.random(in: 20...5000, using: &random))
            let cents = Cents(Double.random(in: -1200...1200, using: &random))
            #expect(abs(Cents.between(base, and: base.shifted(by: cents)).value - cents.value) < 0.001)
        }
    }
}
