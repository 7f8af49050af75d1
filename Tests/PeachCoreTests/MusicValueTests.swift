import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct MIDINoteTests {
    @Test func namesFollowScientificPitchNotation() {
        #expect(MIDINote(60)?.name == "C4")
        #expect(MIDINote(69)?.name == "A4")
        #expect(MIDINote(70)?.name == "A#4")
        #expect(MIDINote(0)?.name == "C-1")
        #expect(MIDINote(127)?.name == "G9")
    }

    @Test func parsesNamesBackToNumbers() {
        for raw in MIDINote.validRange {
            let note = MIDINote(raw)!
            #expect(MIDINote(name: note.name) == note)
        }
        #expect(MIDINote(name: "Bb2") == MIDINote(46))
        #expect(MIDINote(name: "a#3") == MIDINote(58))
        #expect(MIDINote(name: "H4") == nil)
        #expect(MIDINote(name: "C") == nil)
        #expect(MIDINote(name: "G#9") == nil)
    }

    @Test func rejectsNumbersOutsideMIDIRange() {
        #expect(MIDINote(-1) == nil)
        #expect(MIDINote(128) == nil)
        #expect(MIDINote(clamping: 200).rawValue == 127)
    }
}

@Suite struct FrequencyMathTests {
    @Test func a4IsTheReferencePitch() {
        #expect(DetunedMIDINote(note: .a4).frequency().hertz == 440)
        #expect(abs(DetunedMIDINote(note: .a4).frequency(reference: ReferencePitch(hertz: 442)!).hertz - 442) < 1e-9)
    }

    @Test func middleCMatchesTheFormula() {
        let f = DetunedMIDINote(note: MIDINote(60)!).frequency()
        #expect(abs(f.hertz - 261.6255653005986) < 1e-9)
    }

    @Test(arguments: [380.0, 415.0, 440.0, 442.0, 500.0])
    func roundTripIsExactToAThousandthOfACent(referenceHertz: Double) {
        let reference = ReferencePitch(hertz: referenceHertz)!
        for raw in stride(from: 0, through: 127, by: 7) {
            for cents in stride(from: -49.9, through: 49.9, by: 3.3) {
                let original = DetunedMIDINote(note: MIDINote(raw)!, offset: Cents(cents))
                let back = DetunedMIDINote(frequency: original.frequency(reference: reference), reference: reference)
                #expect(back.note == original.note)
                #expect(abs(back.offset.value - cents) < 0.001)
            }
        }
    }

    @Test func centsBetweenFrequencies() {
        #expect(abs(Cents.between(Frequency(440), and: Frequency(880)).value - 1200) < 1e-9)
        #expect(abs(Cents.between(Frequency(440), and: Frequency(440).shifted(by: Cents(-37.5))).value + 37.5) < 1e-9)
    }

    @Test func referencePitchRange() {
        #expect(ReferencePitch(hertz: 379.9) == nil)
        #expect(ReferencePitch(hertz: 500.1) == nil)
        #expect(ReferencePitch(hertz: 415) != nil)
    }

    @Test func invalidFrequenciesAreRejected() {
        #expect(Frequency(hertz: 0) == nil)
        #expect(Frequency(hertz: -3) == nil)
        #expect(Frequency(hertz: .nan) == nil)
    }
}
