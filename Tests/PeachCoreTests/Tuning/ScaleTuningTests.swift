import Foundation
import Testing
@testable import PeachCore

/// Where a scale tuning places a trial's notes: the interval from the reference key in the scale, and the reference
/// key's own pitch, anchored at A4 = the reference pitch or by a keyboard mapping (docs/tunings.md).
@Suite struct ScaleTuningTests {
    static func system(_ id: String, mapping: ScalaKeyboardMapping? = nil) throws -> TuningSystem {
        .named(try #require(NamedTunings.tuning(id: id)), mapping: mapping)
    }

    static func placement(_ id: String, _ interval: Interval, _ direction: IntervalDirection = .up, from note: String,
                          mapping: ScalaKeyboardMapping? = nil, pitch: ReferencePitch = .standard) throws -> TunedInterval {
        try system(id, mapping: mapping).placement(of: DirectedInterval(interval, direction),
                                                   from: try #require(MIDINote(name: note)), referencePitch: pitch)
    }

    @Test func meantoneThirdsDependOnTheNoteTheyStartOn() throws {
        #expect(abs(try Self.placement("meantone-quarter-comma", .majorThird, from: "C4").size.value - 386.314) < 0.01)
        // G♯–C spans four keys: in meantone the diminished fourth, 427.4 c, as a keyboard plays it.
        #expect(abs(try Self.placement("meantone-quarter-comma", .majorThird, from: "G#3").size.value - 427.373) < 0.01)
        // The wolf fifth G♯–E♭.
        #expect(abs(try Self.placement("meantone-quarter-comma", .perfectFifth, from: "G#3").size.value - 737.637) < 0.01)
        let down = try Self.placement("meantone-quarter-comma", .majorThird, .down, from: "E4")
        #expect(abs(down.size.value + 386.314) < 0.01)
        #expect(down.degrees == TunedInterval.Degrees(reference: 4, steps: -4))
    }

    @Test func aScaleIsAnchoredAtA4OnTheReferencePitch() throws {
        // Meantone A lies 889.735 c above C, so with A4 at 440 Hz C4 sounds 10.265 c above its 12-TET pitch.
        let onC = try Self.placement("meantone-quarter-comma", .majorThird, from: "C4")
        #expect(abs(onC.referenceOffset.value - 10.265) < 0.01)
        #expect(abs(try Self.placement("meantone-quarter-comma", .majorThird, from: "A4").referenceOffset.value) < 1e-9)
        #expect(abs(try Self.placement("meantone-quarter-comma", .majorThird, from: "A3").referenceOffset.value) < 1e-9)
        // The offset is relative to the reference pitch's own 12-TET, so it does not change with it.
        let at415 = try Self.placement("meantone-quarter-comma", .majorThird, from: "C4", pitch: try #require(ReferencePitch(hertz: 415)))
        #expect(abs(at415.referenceOffset.value - 10.265) < 0.01)
    }

    @Test func aKeyboardMappingMovesTheAnchor() throws {
        // C4 = 261.6256 Hz, the 12-TET C4 at A4 = 440: meantone's C4 now sounds on its 12-TET pitch.
        let mapping = try ScalaKeyboardMapping.parse("0\n0\n127\n60\n60\n261.6255653\n0\n")
        let onC = try Self.placement("meantone-quarter-comma", .majorThird, from: "C4", mapping: mapping)
        #expect(abs(onC.referenceOffset.value) < 1e-4)
        #expect(abs(try Self.placement("meantone-quarter-comma", .majorSixth, from: "C4", mapping: mapping).size.value - 889.735) < 0.01)
    }

    @Test func anEqualDivisionTakesTheStepsNearestTheInterval() throws {
        let fifth = try Self.placement("edo-31", .perfectFifth, from: "D4")
        #expect(fifth.degrees?.steps == 18)
        #expect(abs(fifth.size.value - 696.774) < 0.01)
        let third = try Self.placement("edo-31", .majorThird, .down, from: "D4")
        #expect(third.degrees?.steps == -10)
        #expect(abs(third.size.value + 387.097) < 0.01)
        // Every key plays the 31-EDO degree nearest its 12-TET pitch: never more than half a step away.
        for key in 21...108 {
            let placed = try Self.system("edo-31").placement(of: DirectedInterval(.perfectFifth), from: try #require(MIDINote(key)),
                                                             referencePitch: .standard)
            #expect(placed.referenceOffset.magnitude.value <= 1200.0 / 62 + 1e-9, "key \(key)")
        }
    }

    @Test func aNonOctaveScaleIsPlacedByPitch() throws {
        // Bohlen–Pierce: A4, the anchor, plays the degree nearest 900 c above the 1/1, 5/3 (884.4 c). The step
        // nearest a fifth above it is 63/25 (715.6 c above 5/3); the one nearest an octave is 3 · 27/25 (1150.6 c):
        // BP has no octave, its period is the tritave 3/1.
        let tuning = try Self.system("bohlen-pierce")
        let scale = try #require(tuning.scale)
        #expect(!scale.isKeyboardScale)
        let fifth = tuning.placement(of: DirectedInterval(.perfectFifth), from: .a4, referencePitch: .standard)
        #expect(fifth.degrees == TunedInterval.Degrees(reference: 6, steps: 5))
        #expect(abs(fifth.size.value - 1200 * log2((63.0 / 25) / (5.0 / 3))) < 0.01)
        #expect(fifth.referenceOffset.magnitude.value < 1e-9)  // A4 is the anchor
        let octave = tuning.placement(of: DirectedInterval(.octave), from: .a4, referencePitch: .standard)
        #expect(octave.degrees == TunedInterval.Degrees(reference: 6, steps: 8))
        #expect(abs(octave.size.value - 1200 * log2((81.0 / 25) / (5.0 / 3))) < 0.01)
    }

    @Test func aUnisonSoundsTheSameInEveryTuning() throws {
        let unison = try Self.placement("meantone-quarter-comma", .perfectUnison, from: "C4")
        #expect(unison == TunedInterval(referenceOffset: .zero, size: .zero))
    }

    @Test func twelveTetAndJustPlaceAsBefore() {
        let fifth = DirectedInterval(.perfectFifth, .down)
        #expect(TuningSystem.equalTemperament.placement(of: fifth, from: .a4, referencePitch: .standard)
                    == TunedInterval(referenceOffset: .zero, size: Cents(-700)))
        let just = TuningSystem.justIntonation.placement(of: fifth, from: .a4, referencePitch: .standard)
        #expect(abs(just.size.value + 701.955) < 0.001)
        #expect(just.referenceOffset == .zero && just.degrees == nil)
    }

    @Test func nearestDegreeWorksInEveryPeriodAndBelowTheOneOne() throws {
        let edo = try #require(NamedTunings.tuning(id: "edo-31")).scale
        #expect(edo.nearestDegree(to: Cents(0)) == 0)
        #expect(edo.nearestDegree(to: Cents(1200 + 696)) == 31 + 18)
        #expect(edo.nearestDegree(to: Cents(-700)) == -18)
        #expect(edo.nearestDegree(to: Cents(-19)) == 0)
        #expect(edo.nearestDegree(to: Cents(-20)) == -1)
    }
}
