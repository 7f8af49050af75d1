import Foundation
import PeachCore

extension CompareTimingDiscipline {
    /// A fourth click 1 to 150 ms early or late, answered by a listener whose threshold the skill sets (1 to
    /// 150 ms).
    public func simulatedRecord(at timestamp: Date, skill: Double, using random: inout SplitMix64) -> CompareTimingRecord {
        let offset = SimulatedAnswers.logUniform(1...150, using: &random)
        let late = Bool.random(using: &random)
        let correct = SimulatedAnswers.answersCorrectly(offset, skill: skill, best: 1, worst: 150, using: &random)
        return CompareTimingRecord(timestamp: timestamp, tempo: SimulatedAnswers.tempo(using: &random),
                                   offset: Milliseconds(((late ? offset : -offset) * 100).rounded() / 100),
                                   answeredLate: correct == late, isCorrect: correct)
    }
}
