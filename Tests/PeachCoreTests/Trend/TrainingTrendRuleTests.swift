import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct TrainingTrendRuleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func makeRule(window: Int = 3, relativeChange: Double = 0.1) -> TrainingTrendRule {
        TrainingTrendRule(windowSize: window, relativeChange: relativeChange)
    }

    func errors(_ values: [Double]) -> [Cents] { values.map(Cents.init) }

    @Test func notEnoughDataGivesNoTrend() {
        #expect(makeRule().trend(ofErrors: errors([10, 10, 10, 10, 10])) == nil)
        #expect(makeRule().trend(ofErrors: [Cents]()) == nil)
    }

    @Test func smallerRecentErrorsAreImproving() {
        #expect(makeRule().trend(ofErrors: errors([20, 20, 20, 15, 15, 15])) == .improving)
    }

    @Test func largerRecentErrorsAreDeclining() {
        #expect(makeRule().trend(ofErrors: errors([10, 10, 10, 12, 12, 12])) == .declining)
    }

    @Test func changesBelowTheThresholdAreStable() {
        #expect(makeRule().trend(ofErrors: errors([20, 20, 20, 19, 19, 19])) == .stable)
        #expect(makeRule().trend(ofErrors: errors([20, 20, 20, 21, 21, 21])) == .stable)
        #expect(makeRule().trend(ofErrors: errors([0, 0, 0, 0, 0, 0])) == .stable)
    }

    @Test func onlyTheLastTwoWindowsCountAndSignsAreIgnored() {
        // Old history (100s) is outside both windows; −12 counts as 12.
        #expect(makeRule().trend(ofErrors: errors([100, 100, 10, -10, 10, 12, -12, 12])) == .declining)
    }

    @Test func thresholdIsRelativeToTheEarlierMean() {
        let rule = makeRule(window: 1, relativeChange: 0.5)
        #expect(rule.trend(ofErrors: errors([10, 6])) == .stable)
        #expect(rule.trend(ofErrors: errors([10, 5])) == .improving)
        #expect(rule.trend(ofErrors: errors([10, 15])) == .declining)
    }

    @Test func recordsAreSplitByKindAndSortedByTime() {
        func comparison(_ seconds: Double, _ offset: Double) -> TrainingRecord {
            .comparison(ComparisonRecord(timestamp: start.addingTimeInterval(seconds), referenceNote: .a4,
                                         targetNote: .a4, intendedCentOffset: Cents(offset),
                                         presentedCentOffset: Cents(offset), answeredHigher: true, isCorrect: true))
        }
        func matching(_ seconds: Double, _ error: Double) -> TrainingRecord {
            .pitchMatching(PitchMatchingRecord(timestamp: start.addingTimeInterval(seconds), referenceNote: .a4,
                                               targetNote: .a4, initialCentOffset: Cents(30), userCentError: Cents(error)))
        }
        let rule = makeRule(window: 2)
        // Comparisons get harder (smaller offsets) over time, but are given newest first.
        let records = [comparison(4, 10), comparison(3, 10), matching(0, 5), comparison(2, 40), comparison(1, 40),
                       matching(1, 5), matching(2, 9), matching(3, -9)]
        #expect(rule.trend(of: records, in: .unisonComparison) == .improving)
        #expect(rule.trend(of: records, in: .unisonPitchMatching) == .declining)
        #expect(rule.trend(of: records.filter { $0.comparisonRecord != nil }, in: .unisonPitchMatching) == nil)
    }
}
