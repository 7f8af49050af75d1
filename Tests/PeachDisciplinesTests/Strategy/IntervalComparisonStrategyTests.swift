import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Interval comparisons: the chosen intervals inside the range, the profile of the trial's own discipline,
/// and a Kazez chain per interval and tuning system.
@Suite @MainActor struct IntervalComparisonStrategyTests {
    func settings(_ intervals: String, system: TuningSystem = .justIntonation,
                  range: ClosedRange<Int> = 48...72) -> TrainingSettings {
        var settings = TrainingSettings.defaults
        settings.noteRange = MIDINote(range.lowerBound)!...MIDINote(range.upperBound)!
        settings.intervals = try! IntervalSelection.parse(intervals).get()
        settings.tuningSystem = system
        settings.intervalPresentation = .harmonic
        return settings
    }

    func answered(_ comparison: Comparison, correctly: Bool) -> CompletedComparison {
        CompletedComparison(comparison: comparison, answeredHigher: correctly == comparison.isTargetHigher,
                            timestamp: Date(timeIntervalSince1970: 0))
    }

    @Test func drawsEveryChosenIntervalWithItsTargetInsideTheRange() {
        var strategy = IntervalComparisonStrategy(random: SeededRandom(seed: 1))
        let s = settings("P5 up M3 m6 down P8 both", range: 55...70)
        var last: CompletedComparison?
        var drawn: [Comparison] = []
        for index in 0..<400 {
            let next = strategy.nextComparison(profile: PerceptualProfile(), settings: s, last: last)
            drawn.append(next)
            last = answered(next, correctly: index % 3 != 0)
        }
        #expect(drawn.allSatisfy { s.noteRange.contains($0.referenceNote) && s.noteRange.contains($0.targetNote) })
        #expect(Set(drawn.map(\.directedInterval)) == Set(s.intervals.intervals))
        #expect(drawn.allSatisfy { $0.tuningSystem == .justIntonation && $0.presentation == .harmonic })
        #expect(drawn.allSatisfy { $0.centOffset != .zero })
    }

    @Test func theFirstTrialOfADisciplineStartsFromThatDisciplinesProfile() {
        let profile = PerceptualProfile()
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth, tuningSystem: .justIntonation)
        for note in 48...72 {
            profile.update(note: MIDINote(note)!, centDifference: Cents(12), in: fifth)
            profile.update(note: MIDINote(note)!, centDifference: Cents(70), in: .unisonComparison)
        }
        var strategy = IntervalComparisonStrategy(random: SeededRandom(seed: 2))
        let first = strategy.nextComparison(profile: profile, settings: settings("P5 up"), last: nil)
        #expect(abs(first.centOffset.magnitude.value - 12) < 1e-9, "the fifth's own threshold, not the unison's 70 c")
        var equal = IntervalComparisonStrategy(random: SeededRandom(seed: 2))
        let untrained = equal.nextComparison(profile: profile, settings: settings("P5 up", system: .equalTemperament),
                                             last: nil)
        #expect(untrained.centOffset.magnitude == KazezRule.initialDifference, "the equal-tempered fifth is untrained")
    }

    @Test func kazezFollowsEachDisciplinesOwnLastAnswer() {
        var strategy = IntervalComparisonStrategy(random: SeededRandom(seed: 3))
        let s = settings("M3 P5 up")
        var lastOffset: [Interval: Cents] = [:]
        var wasCorrect: [Interval: Bool] = [:]
        var last: CompletedComparison?
        for index in 0..<200 {
            let next = strategy.nextComparison(profile: PerceptualProfile(), settings: s, last: last)
            if let previous = lastOffset[next.interval], let correct = wasCorrect[next.interval] {
                #expect(next.centOffset.magnitude == KazezRule.next(after: previous, wasCorrect: correct,
                                                                    within: s.centDifferenceBounds),
                        "trial \(index): \(next.interval) follows its own chain")
            } else {
                #expect(next.centOffset.magnitude == KazezRule.initialDifference)
            }
            // Fifths are always answered right, thirds always wrong: the chains must part.
            let correct = next.interval == .perfectFifth
            lastOffset[next.interval] = next.centOffset
            wasCorrect[next.interval] = correct
            last = answered(next, correctly: correct)
        }
        #expect(lastOffset[.perfectFifth]!.magnitude < lastOffset[.majorThird]!.magnitude)
        // A restart (last == nil) starts every chain again from the profile.
        let restarted = strategy.nextComparison(profile: PerceptualProfile(), settings: s, last: nil)
        #expect(restarted.centOffset.magnitude == KazezRule.initialDifference)
    }

    @Test func aRangeNarrowerThanEveryIntervalStillDrawsFromTheEdge() {
        var strategy = IntervalComparisonStrategy(random: SeededRandom(seed: 4))
        let s = settings("P8 up", range: 60...65)
        let comparison = strategy.nextComparison(profile: PerceptualProfile(), settings: s, last: nil)
        #expect(comparison.referenceNote == MIDINote(60)! && comparison.targetNote == MIDINote(72)!)
    }
}
