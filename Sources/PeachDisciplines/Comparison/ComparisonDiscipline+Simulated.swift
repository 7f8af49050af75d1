import Foundation
import PeachCore

extension ComparisonDiscipline {
    /// Unison most often, else a fifth in just intonation or a major third in equal temperament; a difference
    /// from 0.1 to 200 cents up or down, answered by a listener whose threshold the skill sets (0.5 to 200 cents).
    public func simulatedRecord(at timestamp: Date, skill: Double, using random: inout SplitMix64) -> ComparisonRecord {
        let (interval, tuning) = SimulatedPitchTrial.interval(using: &random)
        let (reference, target) = SimulatedPitchTrial.notes(for: interval, using: &random)
        let difference = SimulatedAnswers.logUniform(0.1...200, using: &random)
        let higher = Bool.random(using: &random)
        let correct = SimulatedAnswers.answersCorrectly(difference, skill: skill, best: 0.5, worst: 200, using: &random)
        let offset = Cents(higher ? difference : -difference)
        return ComparisonRecord(timestamp: timestamp, referenceNote: reference, targetNote: target,
                                intendedCentOffset: offset, presentedCentOffset: offset,
                                answeredHigher: correct == higher, isCorrect: correct, interval: interval,
                                tuningSystem: tuning)
    }
}
