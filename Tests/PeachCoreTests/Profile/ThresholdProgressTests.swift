import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Progress over time compares the first and latest stretch with enough answers, and claims a change only when
/// their 95 % intervals do not overlap; small days are pooled with their neighbours, never compared alone.
@Suite @MainActor struct ThresholdProgressTests {
    static func profile(_ records: [TrainingRecord]) -> PerceptualProfile {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return profile
    }

    @Test func aClearImprovementIsClaimedWithBothIntervals() throws {
        let records = SimulatedHistory.comparisons(days: 2, perDay: 240, seed: 1) { $0 == 0 ? 25 : 3 }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        #expect(progress.points.count == 2)
        let first = try #require(progress.first), latest = try #require(progress.latest)
        #expect(latest.upper < first.lower)
        #expect(progress.trend == .improving)
    }

    @Test func smallDaysArePooledUntilAStretchHasEnoughAnswers() throws {
        // 25 answers a day: no single day is enough, so each stretch pools three days.
        let records = SimulatedHistory.comparisons(days: 8, perDay: 25, seed: 2) { _ in 8 }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        let first = try #require(progress.first), latest = try #require(progress.latest)
        #expect(first.periods == 3 && latest.periods == 3)
        #expect(first.trials == 75 && latest.trials == 75)
        #expect(first.lastStart < latest.start, "the stretches never share a day")
    }

    @Test func aLongHistoryPoolsUntilBothStretchesArePrecise() throws {
        let records = SimulatedHistory.comparisons(days: 12, perDay: 80, seed: 5) { day in 25 * pow(0.85, Double(day)) }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        let first = try #require(progress.first), latest = try #require(progress.latest)
        #expect(first.intervalRatio <= ThresholdProgress.preciseRatio && latest.intervalRatio <= ThresholdProgress.preciseRatio)
        #expect(first.periods > 1 && latest.periods > 1, "one day of 80 answers is not that precise")
        #expect(progress.trend == .improving, "25 c to 4 c over twelve days: \(first) \(latest)")
    }

    @Test func aHandfulOfAnswersLaterIsNotCompared() throws {
        let records = SimulatedHistory.comparisons(days: 1, perDay: 120, seed: 3) { _ in 8 }
            + SimulatedHistory.comparisons(days: 4, perDay: 5, seed: 4) { _ in 8 }.filter {
                $0.timestamp > SimulatedHistory.firstDay.addingTimeInterval(86_400 * 3)
            }
        let progress = try #require(Self.profile(records).progress(of: .unisonComparison))
        #expect(progress.trend == nil)
        #expect(progress.points.count == 1, "a day of five answers is not shown")
    }

    @Test func stretchesChooseTheShortestRunsFromEachEnd() {
        let periods = [(index: 0, trials: 10), (index: 1, trials: 70), (index: 5, trials: 30), (index: 6, trials: 40)]
        let stretches = ProgressStretches.firstAndLatest(periods, enough: 60)
        #expect(stretches?.first == 0...1)
        #expect(stretches?.latest == 5...6)
        #expect(ProgressStretches.firstAndLatest([(index: 0, trials: 100)], enough: 60) == nil)
    }
}
