import Foundation
import PeachCore

extension PitchMatchingDiscipline {
    /// A match started up to 100 cents off, its error normal about a small bias with an SD the skill sets (0 at a
    /// flawless listener's, else 0.3 to 100 cents), at most ±200 cents.
    public func simulatedRecord(at timestamp: Date, skill: Double, using random: inout SplitMix64) -> PitchMatchingRecord {
        let (interval, tuning) = SimulatedPitchTrial.interval(using: &random)
        let (reference, target) = SimulatedPitchTrial.notes(for: interval, using: &random)
        let start = Double.random(in: -100...100, using: &random)
        let spread = skill <= 0 ? 0 : SimulatedAnswers.level(skill: skill, best: 0.3, worst: 100)
        let error = min(max(spread * (0.3 + SimulatedAnswers.normal(using: &random)), -200), 200)
        return PitchMatchingRecord(timestamp: timestamp, referenceNote: reference, targetNote: target,
                                   initialCentOffset: Cents((start * 10).rounded() / 10),
                                   userCentError: Cents((error * 100).rounded() / 100), interval: interval,
                                   tuningSystem: tuning)
    }
}
