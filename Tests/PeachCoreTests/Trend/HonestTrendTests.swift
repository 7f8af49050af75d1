import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

/// The one trend, from fitted estimates over time and their intervals: a listener who never changes reads stable
/// (in at least 95 % of seeds), one who gets better or worse reads so. The staircase's own differences, which
/// drift with the answers, must not make a trend.
///
/// Off the main actor: the profile's own statistics (`ProfileAccumulator`, what `PerceptualProfile.rebuild` gathers),
/// so these 40-seed simulations run beside the main actor's tests, not in their queue.
@Suite struct HonestTrendTests {
    static let seeds: [UInt64] = Array(1...40)

    /// What `PerceptualProfile.trend(of:)` reads after `rebuild(from: records)`.
    static func trend(_ records: [TrainingRecord], _ discipline: TrainingDiscipline) -> TrainingTrend? {
        var gathered = ProfileAccumulator()
        for record in records { gathered.add(record) }
        return gathered.finished().progress(of: discipline)?.trend
    }

    static func comparisonTrends(threshold: @escaping (Int) -> Double) -> [TrainingTrend?] {
        seeds.map { seed in
            trend(SimulatedHistory.comparisons(days: 6, perDay: 80, seed: seed, threshold: threshold), .unisonComparison)
        }
    }

    @Test(arguments: [8.0, 25.0])
    func aStationaryListenerReadsStable(threshold: Double) {
        let trends = Self.comparisonTrends { _ in threshold }
        let stable = trends.filter { $0 == .stable }.count
        #expect(Double(stable) >= 0.95 * Double(Self.seeds.count), "\(trends)")
    }

    @Test func anImprovingListenerReadsImproving() {
        let trends = Self.comparisonTrends { day in 30 * pow(0.6, Double(day)) }
        #expect(trends.filter { $0 == .improving }.count >= 38, "\(trends)")
    }

    @Test func aDecliningListenerReadsDeclining() {
        let trends = Self.comparisonTrends { day in 3 * pow(1.6, Double(day)) }
        #expect(trends.filter { $0 == .declining }.count >= 38, "\(trends)")
    }

    @Test func pitchMatchingFollowsItsSpread() {
        func trends(_ spread: @escaping (Int) -> Double) -> [TrainingTrend?] {
            Self.seeds.map { seed in
                Self.trend(SimulatedHistory.pitchMatches(days: 6, perDay: 30, seed: seed, spread: spread), .unisonPitchMatching)
            }
        }
        let stationary = trends { _ in 6 }
        #expect(Double(stationary.filter { $0 == .stable }.count) >= 0.95 * Double(Self.seeds.count), "\(stationary)")
        #expect(trends { day in 12 * pow(0.7, Double(day)) }.filter { $0 == .improving }.count >= 38)
        #expect(trends { day in 3 * pow(1.4, Double(day)) }.filter { $0 == .declining }.count >= 38)
    }

    @Test func theTrendOfOneDisciplineIgnoresTheOthers() {
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth)
        let records = SimulatedHistory.comparisons(days: 6, perDay: 80, seed: 7) { day in 30 * pow(0.6, Double(day)) }
            + SimulatedHistory.comparisons(days: 6, perDay: 80, seed: 8, discipline: fifth) { day in 3 * pow(1.6, Double(day)) }
        #expect(Self.trend(records, .unisonComparison) == .improving)
        #expect(Self.trend(records, fifth) == .declining)
    }
}
