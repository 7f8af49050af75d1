import Foundation
import PeachCore

extension ThresholdTestDiscipline {
    /// A finished test over C2–C6 of 20 to 150 trials around the threshold the skill sets (0.5 to 200 cents), its
    /// interval narrower the more trials it took.
    public func simulatedRecord(at timestamp: Date, skill: Double, using random: inout SplitMix64) -> ThresholdTestRecord {
        let trials = Int.random(in: 20...150, using: &random)
        let median = SimulatedAnswers.level(skill: skill, best: 0.5, worst: 200)
        let halfWidth = 4 / Double(trials).squareRoot()
        let reached = halfWidth < log(2.5) / 2
        return ThresholdTestRecord(timestamp: timestamp, noteRange: MIDINote(36)!...MIDINote(84)!, trials: trials,
                                   median: Cents(median), lower: Cents(median * exp(-halfWidth)),
                                   upper: Cents(median * exp(halfWidth)), isConclusive: median < 150,
                                   conduct: ThresholdTestConduct(precision: 2.5, reachedPrecision: reached,
                                                                 startedFromTrainedSlope: Bool.random(using: &random)))
    }
}
