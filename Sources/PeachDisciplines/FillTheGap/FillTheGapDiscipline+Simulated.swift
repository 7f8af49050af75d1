import Foundation
import PeachCore

extension FillTheGapDiscipline {
    /// Sixteen gaps, each tapped with an offset normal about a small bias with an SD the skill sets (0 at a
    /// flawless player's, else 1 to 120 ms); a gap is missed when its tap lands outside ±half a sixteenth, and a
    /// trial with no hit has no mean.
    public func simulatedRecord(at timestamp: Date, skill: Double, using random: inout SplitMix64) -> FillTheGapRecord {
        let tempo = SimulatedAnswers.tempo(using: &random)
        let window = tempo.sixteenthMilliseconds / 2
        let spread = skill <= 0 ? 0 : SimulatedAnswers.level(skill: skill, best: 1, worst: 120)
        var byPosition: [[Double]] = [[], [], [], []]
        for gap in 0..<16 {
            let offset = spread * (SimulatedAnswers.normal(using: &random) - 0.2)
            if abs(offset) < window { byPosition[gap % 4].append((offset * 100).rounded() / 100) }
        }
        let hits = byPosition.map(\.count).reduce(0, +)
        func mean(_ values: [Double]) -> Milliseconds? {
            values.isEmpty ? nil : Milliseconds((values.reduce(0, +) / Double(values.count) * 100).rounded() / 100)
        }
        return FillTheGapRecord(timestamp: timestamp, tempo: tempo, meanOffset: mean(byPosition.flatMap { $0 }),
                                meanOffsetByPosition: byPosition.map(mean), hits: hits, gaps: 16, kernelStamped: true)
    }
}
