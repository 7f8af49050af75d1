import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// The interval table of docs/intervals.md, and the frequencies every interval × direction × tuning system
/// gives, relative to the lower note.
@Suite struct IntervalTuningTests {
    /// docs/intervals.md: (interval, 12-TET cents, just ratio, just cents to 3 decimals).
    static let table: [(Interval, Double, (Double, Double), Double)] = [
        (.perfectUnison, 0, (1, 1), 0),
        (.minorSecond, 100, (16, 15), 111.731),
        (.majorSecond, 200, (9, 8), 203.910),
        (.minorThird, 300, (6, 5), 315.641),
        (.majorThird, 400, (5, 4), 386.314),
        (.perfectFourth, 500, (4, 3), 498.045),
        (.tritone, 600, (45, 32), 590.224),
        (.perfectFifth, 700, (3, 2), 701.955),
        (.minorSixth, 800, (8, 5), 813.686),
        (.majorSixth, 900, (5, 3), 884.359),
        (.minorSeventh, 1000, (9, 5), 1017.596),
        (.majorSeventh, 1100, (15, 8), 1088.269),
        (.octave, 1200, (2, 1), 1200),
    ]

    @Test func centsOfEveryIntervalInBothSystems() {
        #expect(Self.table.count == Interval.allCases.count)
        for (interval, equal, _, just) in Self.table {
            #expect(TuningSystem.equalTemperament.cents(of: interval).value == equal, "\(interval)")
            #expect(abs(TuningSystem.justIntonation.cents(of: interval).value - just) < 0.0005, "\(interval)")
        }
    }

    /// The frequency ratio target / reference for every interval, direction and system, on a few reference notes.
    @Test(arguments: [MIDINote(48)!, MIDINote(59)!, MIDINote(66)!, MIDINote(69)!])
    func targetFrequencyOfEveryIntervalDirectionAndSystem(reference note: MIDINote) throws {
        for (interval, equal, (numerator, denominator), _) in Self.table {
            for direction in IntervalDirection.allCases {
                let target = try #require(DirectedInterval(interval, direction).target(from: note))
                #expect(target.rawValue == note.rawValue + direction.sign * interval.semitones)
                for system in [TuningSystem.equalTemperament, .justIntonation] {
                    let comparison = Comparison(referenceNote: note, targetNote: target, centOffset: .zero,
                                                interval: interval, tuningSystem: system)
                    let ratio = comparison.targetFrequency(.standard).hertz / comparison.referenceFrequency(.standard).hertz
                    let up = system == .justIntonation ? numerator / denominator : pow(2, equal / 1200)
                    let expected = direction == .up ? up : 1 / up
                    #expect(abs(ratio / expected - 1) < 1e-12, "\(interval) \(direction) \(system) from \(note.name)")
                    #expect(comparison.direction == (interval == .perfectUnison ? .up : direction))
                }
            }
        }
    }

    @Test func theOffsetDetunesTheTargetOnTopOfTheInTunePoint() {
        let comparison = Comparison(referenceNote: MIDINote(60)!, targetNote: MIDINote(64)!, centOffset: Cents(-7),
                                    interval: .majorThird, tuningSystem: .justIntonation)
        let heard = Cents.between(comparison.referenceFrequency(.standard), and: comparison.targetFrequency(.standard))
        #expect(abs(heard.value - (386.3137 - 7)) < 1e-3)
        #expect(!comparison.isWider)
        let challenge = PitchMatchingChallenge(referenceNote: MIDINote(67)!, targetNote: MIDINote(60)!,
                                               initialCentOffset: Cents(12), interval: .perfectFifth,
                                               tuningSystem: .justIntonation)
        #expect(abs(Cents.between(challenge.targetFrequency(.standard), and: challenge.referenceFrequency(.standard)).value
                    - 701.955) < 1e-3, "a just fifth down: the lower note is the target, the fifth above it pure")
        #expect(abs(Cents.between(challenge.targetFrequency(.standard), and: challenge.initialFrequency(.standard)).value
                    - 12) < 1e-9)
    }

    /// Just intonation is relative to the trial's lower note: B–F♯ is a pure fifth (an A-based scale gives 680 c).
    @Test(arguments: [(MIDINote(59)!, "B3"), (MIDINote(66)!, "F#4"), (MIDINote(63)!, "Eb4"), (MIDINote(49)!, "C#3"),
                      (MIDINote(69)!, "A4")])
    func justIntervalsArePureOnEveryRoot(root: MIDINote, name: String) throws {
        for (interval, (numerator, denominator)) in [(Interval.perfectFifth, (3.0, 2.0)), (.majorThird, (5, 4)),
                                                     (.minorThird, (6, 5)), (.perfectFourth, (4, 3))] {
            let upper = try #require(DirectedInterval(interval).target(from: root))
            let up = Comparison(referenceNote: root, targetNote: upper, centOffset: .zero, interval: interval,
                                tuningSystem: .justIntonation)
            #expect(abs(up.targetFrequency(.standard).hertz / up.referenceFrequency(.standard).hertz
                        - numerator / denominator) < 1e-12, "\(interval) up from \(name)")
            // Downward from the upper note: the same pure interval above the (lower) target.
            let down = Comparison(referenceNote: upper, targetNote: root, centOffset: .zero, interval: interval,
                                  tuningSystem: .justIntonation)
            #expect(abs(down.referenceFrequency(.standard).hertz / down.targetFrequency(.standard).hertz
                        - numerator / denominator) < 1e-12, "\(interval) down to \(name)")
        }
    }

    @Test func directionAndReferenceRangeKeepTheTargetInside() throws {
        #expect(DirectedInterval(from: MIDINote(60)!, to: MIDINote(55)!) == DirectedInterval(.perfectFourth, .down))
        #expect(DirectedInterval(from: MIDINote(60)!, to: MIDINote(73)!) == nil)
        let range = MIDINote(48)!...MIDINote(60)!
        #expect(DirectedInterval(.perfectFifth, .up).referenceRange(within: range) == MIDINote(48)!...MIDINote(53)!)
        #expect(DirectedInterval(.perfectFifth, .down).referenceRange(within: range) == MIDINote(55)!...MIDINote(60)!)
        #expect(DirectedInterval(.octave, .up).referenceRange(within: range) == MIDINote(48)!...MIDINote(48)!)
        #expect(DirectedInterval(.octave, .up).referenceRange(within: MIDINote(48)!...MIDINote(59)!) == nil)
    }

    @Test func tritoneIsD5InFilesAndTTOnScreens() {
        #expect(Interval.tritone.abbreviation == "d5")
        #expect(Interval(abbreviation: "TT") == .tritone)
        #expect(Interval(abbreviation: "d5") == .tritone)
        #expect(Interval.tritone.shortName == "TT")
    }
}

@Suite struct IntervalSelectionTests {
    func parse(_ text: String) -> IntervalSelection? { try? IntervalSelection.parse(text).get() }

    @Test func directionWordsApplyToTheNamesBeforeThem() throws {
        let selection = try #require(parse("P5 M3 m3 up"))
        #expect(selection.intervals == [DirectedInterval(.minorThird), DirectedInterval(.majorThird),
                                        DirectedInterval(.perfectFifth)])
        #expect(parse("P5 up P4 down")?.intervals == [DirectedInterval(.perfectFourth, .down), DirectedInterval(.perfectFifth)])
        #expect(parse("M3 both")?.intervals == [DirectedInterval(.majorThird, .up), DirectedInterval(.majorThird, .down)])
        #expect(parse("TT, P8")?.intervals == [DirectedInterval(.tritone), DirectedInterval(.octave)], "no word: up")
    }

    @Test func badInputSaysWhatToWrite() {
        #expect(throws: IntervalSelection.ParseError.unknownWord("P6")) { try IntervalSelection.parse("P6 up").get() }
        #expect(throws: IntervalSelection.ParseError.unison) { try IntervalSelection.parse("P1").get() }
        #expect(throws: IntervalSelection.ParseError.empty) { try IntervalSelection.parse(" up ").get() }
        #expect("\(IntervalSelection.ParseError.unknownWord("P6"))".contains("m2 M2 m3"))
    }

    @Test func descriptionParsesBackToTheSameSelection() throws {
        for text in ["P5 M3 m3 up", "P5 up P4 M3 down", "M3 both P5 up", "m2 M2 m3 M3 P4 TT P5 m6 M6 m7 M7 P8 both"] {
            let selection = try #require(parse(text))
            #expect(parse(selection.description) == selection, "\(text) → \(selection)")
        }
        #expect(IntervalSelection.standard.description == "m3 M3 P5 up")
    }
}
