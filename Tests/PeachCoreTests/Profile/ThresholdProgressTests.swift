import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

/// Progress over time follows the threshold with the time-following model: now is the latest training day given
/// every answer, the path has a point per day or week, and a change is claimed only when the model is 95 % sure.
@Suite @MainActor struct ThresholdProgressTests {
    static func profile(_ records: [TrainingRecord]) -> PerceptualProfile {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return profile
    }

    @Test func aClearImprovementIsClaimedAndNowIsTheLatestDay() throws {
        let records = SimulatedHistory.comparisons(days: 2, perDay: 240, seed: 1) { $0 == 0 ? 25 : 3 }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        #expect(progress.points.count == 2)
        let first = try #require(progress.first), now = try #require(progress.now)
        #expect(now.lower <= 3 && 3 <= now.upper, "now is the second day's 3 c: \(now)")
        #expect(first.value > 2 * now.value, "the start lies well above now: \(first), \(now)")
        #expect(progress.trend == .improving)
        #expect(progress.probabilityLower >= DisciplineProgress.trendCertainty)
    }

    @Test func aSteadyListenerIsStableAndNowIsAboutAsNarrowAsThePool() throws {
        let records = SimulatedHistory.comparisons(days: 8, perDay: 60, seed: 2) { _ in 8 }
        let profile = Self.profile(records)
        let progress = try #require(profile.progress(of: .unisonComparison))
        let pooled = try #require(profile.thresholds(of: .unisonComparison)?.overall)
        let now = try #require(progress.now)
        #expect(progress.trend == .stable)
        #expect(now.lower <= 8 && 8 <= now.upper)
        #expect(log(now.upper / now.lower) <= 1.5 * log(pooled.intervalRatio), "\(now) against the pool \(pooled)")
    }

    @Test func nowFollowsADecliningListenerThatThePoolMisses() throws {
        let records = SimulatedHistory.comparisons(days: 12, perDay: 80, seed: 5) { day in 4 * pow(1.2, Double(day)) }
        let profile = Self.profile(records)
        let progress = try #require(profile.progress(of: .unisonComparison))
        let now = try #require(progress.now), truth = 4 * pow(1.2, 11.0)
        let pooled = try #require(profile.thresholds(of: .unisonComparison)?.overall)
        #expect(now.lower <= truth && truth <= now.upper, "now \(now), truth \(truth)")
        #expect(pooled.upper.value < truth, "the pool of every answer lags: \(pooled)")
        #expect(progress.trend == .declining)
    }

    @Test func oneDayHasNoTrend() throws {
        let records = SimulatedHistory.comparisons(days: 1, perDay: 120, seed: 3) { _ in 8 }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        #expect(progress.trend == nil)
        #expect(progress.points.count == 1)
        #expect(progress.now?.isConclusive == true)
    }

    @Test func aFewAnswersAreNotEnoughToSayWhereYouAre() throws {
        let records = SimulatedHistory.comparisons(days: 1, perDay: 3, seed: 4) { _ in 8 }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        #expect(progress.now?.isConclusive == false)
        #expect(progress.trend == nil)
    }
}
