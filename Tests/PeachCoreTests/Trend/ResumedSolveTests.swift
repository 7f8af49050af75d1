import Foundation
import PeachCore
import PeachTestSupport
import Testing

/// A live answer re-filters only the day it changed (`DriftingLevel.Cache`): whatever order the answers come in and
/// however often the progress is refreshed between them, the result is the one a single solve of every answer gives.
@Suite struct ResumedSolveTests {
    /// Eight training days (some gaps) of a listener whose answers get better, as (day, difference, correct).
    static func answers(seed: UInt64, perDay: Int = 25) -> [(day: Int, difference: Double, correct: Bool)] {
        var random = SeededRandom(seed: seed)
        return [0, 1, 2, 4, 5, 7, 9, 10].flatMap { day in
            (0..<perDay).map { _ in
                let difference = Double.random(in: 1...40, using: &random)
                let threshold = 20 - Double(day)
                return (day, difference, Double.random(in: 0..<1, using: &random) < (difference > threshold ? 0.9 : 0.6))
            }
        }
    }

    static func add(_ answer: (day: Int, difference: Double, correct: Bool), to progress: inout ThresholdProgress, index: Int) {
        progress.add(ThresholdTrial(note: MIDINote(60)!, difference: Cents(answer.difference), correct: answer.correct),
                     at: Date(timeIntervalSince1970: Double(20_000 + answer.day) * 86_400 + 60_000 + Double(index)))
    }

    static func add(_ answer: (day: Int, difference: Double, correct: Bool), to once: inout ThresholdProgress,
                    and live: inout ThresholdProgress, index: Int) {
        add(answer, to: &once, index: index)
        add(answer, to: &live, index: index)
    }

    @Test(arguments: [1, 2])
    func refreshingAfterEveryAnswerGivesWhatOneSolveGives(seed: UInt64) {
        let answers = Self.answers(seed: seed, perDay: 12)
        var once = ThresholdProgress(), live = ThresholdProgress()
        for (index, answer) in answers.enumerated() {
            Self.add(answer, to: &once, and: &live, index: index)
            if index % 10 == 0 || index == answers.count - 1 { live.refresh() }
        }
        once.refresh()
        Self.expectSame(live.summary, once.summary)
        #expect(live.summary?.now != nil)
    }

    /// As in training: a refresh after each answer, so the start-and-now walks resume from the day before the
    /// latest (kept in the cache) every time, across the days' ends too. Six answers a day: every refresh solves the
    /// whole model (about a quarter of a second in a debug build), and the days' ends are what this test is about.
    @Test func refreshingAfterEachAnswerGivesWhatOneSolveGives() {
        let answers = Self.answers(seed: 3, perDay: 6)
        var once = ThresholdProgress(), live = ThresholdProgress()
        for (index, answer) in answers.enumerated() {
            Self.add(answer, to: &once, and: &live, index: index)
            live.refresh()
        }
        once.refresh()
        Self.expectSame(live.summary, once.summary)
    }

    @Test func anAnswerOnAnEarlierDayResolvesFromThatDay() {
        let answers = Self.answers(seed: 4)
        var once = ThresholdProgress(), live = ThresholdProgress()
        for (index, answer) in answers.enumerated() { Self.add(answer, to: &live, index: index) }
        live.refresh()
        // An import adds answers to day 4, in the middle: the days from there on must be filtered again.
        let late = (day: 4, difference: 3.0, correct: false)
        for index in 0..<20 { Self.add(late, to: &live, index: 10_000 + index) }
        live.refresh()
        for (index, answer) in answers.enumerated() { Self.add(answer, to: &once, index: index) }
        for index in 0..<20 { Self.add(late, to: &once, index: 10_000 + index) }
        once.refresh()
        Self.expectSame(live.summary, once.summary)
    }

    /// A simulation solves now alone between answers (`refreshNow`, forward passes only) and the whole model now and
    /// then: each now is the one a full solve gives, and a full solve after them is the one a single solve gives, an
    /// answer on an earlier day included (re-filtering from its day drops the trend's walks that went past it), and
    /// a full solve right after a now-only one over the same answers still solves the summary.
    @Test func solvingNowAloneBetweenFullSolvesChangesNothing() {
        let answers = Self.answers(seed: 5, perDay: 10)
        var once = ThresholdProgress(), live = ThresholdProgress()
        for (index, answer) in answers.enumerated() {
            Self.add(answer, to: &once, and: &live, index: index)
            if index % 7 == 0 {
                live.refreshNow()
                var full = once
                full.refresh()
                Self.expectSameMasses(live.nowMasses, full.nowMasses)
            }
            if index == 50 { live.refresh() }
            if index == 55 {
                // An import adds an answer to day 2, behind the trend's walks that the full solve at 50 kept.
                let late = (day: 2, difference: 30.0, correct: true)
                Self.add(late, to: &once, index: 10_000)
                Self.add(late, to: &live, index: 10_000)
                live.refreshNow()
            }
            if index == 58 {
                // Now alone, then the whole model over the same answers: the summary is still solved afresh.
                live.refreshNow()
                live.refresh()
                var full = once
                full.refresh()
                Self.expectSame(live.summary, full.summary)
            }
        }
        live.refresh()
        once.refresh()
        Self.expectSame(live.summary, once.summary)
        Self.expectSameMasses(live.nowMasses, once.nowMasses)
    }

    static func expectSameMasses(_ live: [Double]?, _ once: [Double]?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let live, let once else { return #expect(Bool(false), "no level now", sourceLocation: sourceLocation) }
        #expect(zip(live, once).allSatisfy { abs($0 - $1) <= 1e-9 }, sourceLocation: sourceLocation)
    }

    /// Equal but for the last bits: a day's answers are summed in the order its dictionary holds them, which differs
    /// between two histories built in different orders.
    static func expectSame(_ live: DisciplineProgress?, _ once: DisciplineProgress?, sourceLocation: SourceLocation = #_sourceLocation) {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        guard let live, let once else { Issue.record("no summary", sourceLocation: sourceLocation); return }
        let pairs = zip(live.points + [live.latest].compactMap { $0 }, once.points + [once.latest].compactMap { $0 })
        #expect(live.points.count == once.points.count, sourceLocation: sourceLocation)
        for (a, b) in pairs {
            #expect(close(a.value, b.value) && close(a.lower, b.lower) && close(a.upper, b.upper) && a.trials == b.trials,
                    "\(a) against \(b)", sourceLocation: sourceLocation)
        }
        #expect(close(live.probabilityLower, once.probabilityLower) && close(live.probabilityHigher, once.probabilityHigher)
                 && close(live.stillWeight, once.stillWeight),
                "lower \(live.probabilityLower) against \(once.probabilityLower), still \(live.stillWeight) against \(once.stillWeight)",
                sourceLocation: sourceLocation)
    }
}
