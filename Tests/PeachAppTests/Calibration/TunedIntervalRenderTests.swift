import Foundation
@testable import PeachApp
import PeachAudio
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// Intervals in a tuning as FluidSynth sounds them (rendered offline, `fluidsynth -F`, after calibrating its piano):
/// quarter-comma meantone's C4–E4 and its wolf G♯3–C4, and a 31-EDO fifth, as interval comparison and interval
/// matching place them, measured by FFT. Each sounded interval is the tuning's size within FluidSynth's whole-cent
/// floor, and each reference note sounds where the tuning puts it (meantone's C4 10.3 c above 12-TET with A4 at
/// 440 Hz): ignoring the tuning would be 13.7, 27.4 and 3.2 cents off.
@Suite struct TunedIntervalRenderTests {
    struct Case {
        let label: String
        let tuning: String
        let reference: Int
        let target: Int
        let interval: Interval
        /// The tuning's size, from its published definition (NamedTuningsTests checks the scales against the same).
        let published: Double
        /// Where the reference sounds against its 12-TET pitch with A4 = 440 Hz: meantone's G♯ lies 117.1 c below its A,
        /// 31-EDO's D4 (18 steps below A4) 696.8 c.
        let referenceOffset: Double
    }

    static let cases = [
        Case(label: "meantone C4–E4", tuning: "meantone-quarter-comma", reference: 60, target: 64, interval: .majorThird,
             published: 386.314, referenceOffset: 10.265),
        Case(label: "meantone wolf G♯3–C4", tuning: "meantone-quarter-comma", reference: 56, target: 60, interval: .majorThird,
             published: 427.373, referenceOffset: -17.111),
        Case(label: "31-EDO fifth D4–A4", tuning: "edo-31", reference: 62, target: 69, interval: .perfectFifth,
             published: 696.774, referenceOffset: 3.226),
    ]

    /// The reference and target frequencies of each case, as comparison and as matching place them.
    static func frequencies(_ item: Case) throws -> [(reference: Frequency, target: Frequency)] {
        let system = TuningSystem.named(try #require(NamedTunings.tuning(id: item.tuning)))
        let (reference, target) = (try #require(MIDINote(item.reference)), try #require(MIDINote(item.target)))
        let comparison = Comparison(referenceNote: reference, targetNote: target, centOffset: .zero,
                                    interval: item.interval, tuningSystem: system)
        let matching = PitchMatchingChallenge(referenceNote: reference, targetNote: target, initialCentOffset: Cents(30),
                                              interval: item.interval, tuningSystem: system)
        return [(comparison.referenceFrequency(.standard), comparison.targetFrequency(.standard)),
                (matching.referenceFrequency(.standard), matching.targetFrequency(.standard))]
    }

    @Test func eachIntervalSoundsAtItsTuningsSize() async throws {
        let calibrator = makeCalibrator()
        let tuning = BendTuning(range: .default, profile: try await pianoCalibration.value.profile(basedOn: .fluidSynth2))
        var notes: [Frequency] = []
        for item in Self.cases {
            for pair in try Self.frequencies(item) { notes += [pair.reference, pair.target] }
        }
        let placements = notes.map { tuning.placement(of: $0) }
        let wav = try calibrator.render(PlacedNoteSequence.midiFile(placements, channel: MIDIChannel(0)!,
                                                                    instrument: calibrator.plan.instrument))
        func sounded(_ index: Int) throws -> Frequency {
            let start = PlacedNoteSequence.start(of: index)
            return Frequency(try #require(ToneMeasurer.measure(wav.samples, sampleRate: wav.sampleRate, from: start + 0.15,
                                                                to: start + 0.58, near: notes[index].hertz)).frequency)
        }
        for (caseIndex, item) in Self.cases.enumerated() {
            for (placeIndex, mode) in ["comparison", "matching"].enumerated() {
                let first = 4 * caseIndex + 2 * placeIndex
                let interval = Cents.between(try sounded(first), and: try sounded(first + 1)).value
                let referenceOffset = Cents.between(DetunedMIDINote(note: MIDINote(item.reference)!).frequency(), and: try sounded(first)).value
                print(String(format: "FluidSynth tunings: %@ (%@): sounded %.3f c, published %.3f c (%+.3f); reference %+.2f c from 12-TET",
                             item.label, mode, interval, item.published, interval - item.published, referenceOffset))
                // FluidSynth truncates each note's pitch to a whole cent (docs/synth-calibration.md): a note lands
                // within a cent below its target, and the two notes of an interval fall alike but for the fraction.
                #expect(abs(interval - item.published) <= 1.2, "\(item.label) \(mode): \(interval) c")
                #expect(abs(referenceOffset - item.referenceOffset) <= 1.0, "\(item.label) \(mode): reference \(referenceOffset) c")
            }
        }
    }
}
