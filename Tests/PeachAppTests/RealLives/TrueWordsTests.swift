import Foundation
import PeachCore
@testable import PeachDisciplines
import PeachTestSupport
import PeachText
import Testing

/// Words that are true over histories like real lives: a figure beyond what Peach measures says so, a spread finer
/// than the data resolve says so, "not enough data" only when it is so, and a stretch named by a day trained on.
@MainActor @Suite struct TrueWordsTests {
    static func lines(_ records: [TrainingRecord]) -> [String] {
        Localization.rendering(in: .english) { ProfileWordsAndPicturesTests.document(records).lines }
    }

    static func day(_ index: Int, second: Int = 0) -> Date {
        SimulatedHistory.firstDay.addingTimeInterval(Double(index) * 86_400 + Double(second) * 5)
    }

    /// Always wrong: the threshold lies above anything Peach plays; the grid's top (199 c) is no figure of theirs.
    @Test func aListenerWhoIsAlwaysWrongIsToldItIsBeyondMeasure() {
        var random = SplitMix64(seed: 4)
        let records = (0..<3).flatMap { day in
            (0..<100).map { index in
                TrainingRecord(ComparisonDiscipline().simulatedRecord(at: Self.day(day, second: index), skill: 1, using: &random))
            }
        }
        let text = Self.lines(records).joined(separator: "\n")
        #expect(text.contains("75 % threshold now: above 100 ct: beyond what Peach measures"), "\(text)")
        #expect(text.contains("progress: no trend: where you are now is beyond what Peach measures (above 100 ct)"))
        #expect(!text.contains("199"), "\(text)")
        #expect(!text.contains("now: not enough data") && !text.contains("pooled: not enough data"), "\(text)")
    }

    /// Every error 0: a spread of "0.0 ct (95 %: 0.0–0.0)" claims a precision nothing measured.
    @Test func aSpreadFinerThanTheDataResolveSaysSo() {
        var random = SplitMix64(seed: 5)
        let matches = (0..<30).map { index in
            TrainingRecord(PitchMatchingDiscipline().simulatedRecord(at: Self.day(0, second: index), skill: 0, using: &random))
        }
        let taps = (0..<30).map { index in
            TrainingRecord(FillTheGapDiscipline().simulatedRecord(at: Self.day(1, second: index), skill: 0, using: &random))
        }
        let text = Self.lines(matches + taps).joined(separator: "\n")
        #expect(text.contains("spread: below 0.05 ct: finer than the data resolve"), "\(text)")
        #expect(text.contains("trial-to-trial spread: below 0.05 ms: finer than the data resolve"), "\(text)")
        #expect(!text.contains("0.0–0.0"), "\(text)")
    }

    /// 1,080 answers on 18 training days over four weeks: a trend is read (the gate counts training days, not the
    /// chart's weeks), and "a trend needs 60 answers" is never said over them.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func enoughAnswersOnEnoughDaysAreNeverCalledTooFew(seed: UInt64) {
        let days = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 25]
        let records = days.flatMap { day in
            SimulatedHistory.comparisons(days: 1, perDay: 60, seed: seed &+ UInt64(day)) { _ in 8 }.map { record in
                TrainingRecord(record.comparisonRecord!.movedBy(days: day))
            }
        }
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        let progress = profile.progress(of: .unisonComparison)
        #expect(progress?.trainingDays == 18 && progress?.period == .week)
        #expect(progress?.now?.isConclusive == true, "now over 1,080 answers: \(String(describing: progress?.now))")
        #expect(progress?.trend != nil)
        let text = Self.lines(records).joined(separator: "\n")
        #expect(!text.contains("a trend needs") && !text.contains("not enough data yet"), "\(text)")
    }

    /// A week's point is named by the first day trained in it (and its last), not the calendar week's first day.
    @Test func aWeekIsNamedByItsFirstTrainingDay() {
        // Tuesdays and Fridays for five weeks, from the simulated history's first day.
        let days = (0..<5).flatMap { [7 * $0 + 1, 7 * $0 + 4] }
        let records = days.flatMap { day in
            SimulatedHistory.comparisons(days: 1, perDay: 20, seed: UInt64(day)) { _ in 10 }.map { record in
                TrainingRecord(record.comparisonRecord!.movedBy(days: day))
            }
        }
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        let trained = Set(days.map { ProgressPeriod.dayIndex(of: Self.day($0)) })
        for point in profile.progress(of: .unisonComparison)?.points ?? [] {
            #expect(trained.contains(ProgressPeriod.dayIndex(of: point.start)), "\(point.start) is no training day")
            #expect(trained.contains(ProgressPeriod.dayIndex(of: point.lastStart)), "\(point.lastStart) is no training day")
        }
    }

    /// Enough answers on enough days but a now still wider than ×10: the words say that, not "a trend needs 60 answers".
    @Test func aLooseNowOverManyAnswersIsNotCalledTooFewAnswers() {
        let week = { (index: Int, trials: Int, conclusive: Bool) in
            ProgressEstimate(start: Self.day(7 * index), value: 9, lower: conclusive ? 6 : 1, upper: conclusive ? 13 : 40,
                             trials: trials, isConclusive: conclusive)
        }
        let points = [week(0, 300, true), week(1, 300, true), week(2, 420, true), week(3, 60, false)]
        let progress = DisciplineProgress(quantity: .threshold, period: .week, points: points, first: points.first,
                                          latest: points.last, enoughTrials: 60, trainingDays: 18)
        #expect(progress.trend == nil && progress.shortfall == .nowUnknown)
        let line = Localization.rendering(in: .english) { ProgressText.line(progress, unit: "cents", dated: true) }
        #expect(line.contains("where you are now is not known within a factor of 10 yet"), "\(line)")
        let few = DisciplineProgress(quantity: .threshold, period: .day, points: [week(0, 40, true)], first: nil,
                                     latest: points[0], enoughTrials: 60, trainingDays: 1)
        #expect(few.shortfall == .answersOrDays)
        #expect(Localization.rendering(in: .english) { ProgressText.line(few, unit: "cents", dated: true) }
                .contains("a trend needs 60 answers"))
    }
}

extension ComparisonRecord {
    /// The same answer `days` later.
    func movedBy(days: Int) -> ComparisonRecord {
        var moved = self
        moved.timestamp = timestamp.addingTimeInterval(Double(days) * 86_400)
        return moved
    }
}
