import Foundation
import Testing
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport

/// TrainingHistory keeps only the newest records of each kind; its trends must equal the rule's over
/// the whole history, whatever the order the records come in (imports append older records).
@MainActor @Suite struct TrainingHistoryTests {
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11 | state << 53
        }
    }

    private func records(_ count: Int, seed: UInt64) -> [TrainingRecord] {
        var random = Generator(state: seed)
        return (0..<count).map { _ in
            // Few distinct timestamps, so ties (kept in the order added) matter.
            let timestamp = Date(timeIntervalSince1970: Double(Int.random(in: 0..<60, using: &random)))
            let cents = Cents(Double.random(in: -60...60, using: &random))
            let note = MIDINote(Int.random(in: 48...72, using: &random))!
            if Bool.random(using: &random) {
                return .comparison(ComparisonRecord(timestamp: timestamp, referenceNote: note, targetNote: note,
                                                    intendedCentOffset: cents, presentedCentOffset: cents,
                                                    answeredHigher: true, isCorrect: Bool.random(using: &random)))
            }
            return .pitchMatching(PitchMatchingRecord(timestamp: timestamp, referenceNote: note, targetNote: note,
                                                      initialCentOffset: Cents(20), userCentError: cents))
        }
    }

    @Test func trendsEqualTheRuleOverTheWholeHistory() {
        let rule = TrainingTrendRule()
        for seed in 1...40 as ClosedRange<UInt64> {
            let all = records(Int(seed) * 7, seed: seed)
            let history = TrainingHistory(records: all)
            #expect(history.count == all.count)
            #expect(history.trend(of: .unisonComparison) == rule.trend(of: all, in: .unisonComparison), "seed \(seed)")
            #expect(history.trend(of: .unisonPitchMatching) == rule.trend(of: all, in: .unisonPitchMatching), "seed \(seed)")
            #expect(rule.trend(of: history.recentRecords, in: .unisonComparison) == rule.trend(of: all, in: .unisonComparison))
            #expect(rule.trend(of: history.recentRecords, in: .unisonPitchMatching) == rule.trend(of: all, in: .unisonPitchMatching))
            #expect(history.recentRecords.count <= 4 * rule.windowSize)
        }
    }

    @Test func recordsAddedOneByOneGiveTheSameTrends() {
        let all = records(300, seed: 99)
        let history = TrainingHistory()
        for record in all { history.add(record) }
        #expect(history.trend(of: .unisonComparison) == TrainingTrendRule().trend(of: all, in: .unisonComparison))
        #expect(history.trend(of: .unisonPitchMatching) == TrainingTrendRule().trend(of: all, in: .unisonPitchMatching))
    }

    @Test func thresholdTestResultsAreListedAndLeaveTheTrendsAlone() throws {
        let trials = records(200, seed: 5)
        func result(_ seconds: Double, _ median: Double) -> ThresholdTestRecord {
            ThresholdTestRecord(timestamp: Date(timeIntervalSince1970: seconds), noteRange: MIDINote(36)!...MIDINote(84)!,
                                trials: 60, median: Cents(median), lower: Cents(median / 2), upper: Cents(median * 2),
                                isConclusive: true)
        }
        let stored = [result(10, 9), result(30, 7)]
        var mixed = trials
        mixed.insert(.thresholdTest(stored[0]), at: 50)
        mixed.insert(.thresholdTest(stored[1]), at: 120)
        let history = TrainingHistory(records: mixed)
        #expect(history.trend(of: .unisonComparison) == TrainingHistory(records: trials).trend(of: .unisonComparison))
        #expect(!history.recentRecords.contains { $0.thresholdTestRecord != nil }, "results are no trials")
        let profile = PerceptualProfile()
        profile.rebuild(from: mixed)
        let later = result(99, 5)
        try profile.recorded(.thresholdTest(later))
        #expect(profile.thresholdTests == stored + [later], "the profile lists the results, oldest first")
    }
}
