import Foundation
import PeachCore

/// The draws every discipline's `simulatedRecord` makes: a listener's threshold or spread from a skill, and the
/// random values around it.
enum SimulatedAnswers {
    /// A value between `best` (skill 0) and `worst` (skill 1), geometrically: skills are ratios, not differences.
    static func level(skill: Double, best: Double, worst: Double) -> Double {
        best * pow(worst / best, min(max(skill, 0), 1))
    }

    /// Log-uniform in `range`: differences played span decades.
    static func logUniform(_ range: ClosedRange<Double>, using random: inout SplitMix64) -> Double {
        exp(Double.random(in: log(range.lowerBound)...log(range.upperBound), using: &random))
    }

    /// A standard normal draw (Box–Muller).
    static func normal(using random: inout SplitMix64) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &random), u2 = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// Whether a two-interval answer at `difference` (the listener's unit) is right: always at skill 0, never at 1,
    /// else a `SimulatedListener` whose threshold the skill sets between `best` and `worst`.
    static func answersCorrectly(_ difference: Double, skill: Double, best: Double, worst: Double,
                                 using random: inout SplitMix64) -> Bool {
        if skill <= 0 { return true }
        if skill >= 1 { return false }
        let listener = SimulatedListener(threshold: Cents(level(skill: skill, best: best, worst: worst)), slope: 1.3,
                                         lapseRate: 0.02)
        return listener.answersCorrectly(Cents(difference), using: &random)
    }

    /// A trainable tempo, most often a common one.
    static func tempo(using random: inout SplitMix64) -> TempoBPM {
        let common = [60, 80, 90, 100, 120, 140, 160]
        let bpm = Bool.random(using: &random) ? common[Int.random(in: common.indices, using: &random)]
            : Int.random(in: TempoBPM.trainable, using: &random)
        return TempoBPM(bpm) ?? TempoBPM(TempoBPM.trainable.lowerBound)!
    }
}

/// The notes and intervals the pitch disciplines' generated records are played on.
enum SimulatedPitchTrial {
    /// Unison four times in six.
    static let intervals: [(Interval, TuningSystem)] = [(.perfectFifth, .justIntonation), (.majorThird, .equalTemperament)]
        + Array(repeating: (.perfectUnison, .equalTemperament), count: 4)

    static func interval(using random: inout SplitMix64) -> (Interval, TuningSystem) {
        intervals[Int.random(in: intervals.indices, using: &random)]
    }

    static func notes(for interval: Interval, using random: inout SplitMix64) -> (MIDINote, MIDINote) {
        let reference = Int.random(in: 36...84, using: &random)
        return (MIDINote(clamping: reference), MIDINote(clamping: reference + interval.semitones))
    }
}
