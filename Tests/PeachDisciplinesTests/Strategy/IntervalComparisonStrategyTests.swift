import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Interval comparisons: the chosen intervals inside the range, the profile of the trial's own discipline,
/// a Kazez chain per interval and tuning system, and each one's measurement trials and lapse probes.
@Suite @MainActor struct IntervalComparisonStrategyTests {
    /// Plain Kazez training unless `measurementPeriod` says otherwise.
    func settings(_ intervals: String, system: TuningSystem = .justIntonation,
                  range: ClosedRange<Int> = 48...72, measurementPeriod: Int = 0) -> TrainingSettings {
        var settings = TrainingSettings.defaults
        settings.measurementTrialPeriod = measurementPeriod
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
        var strategy = IntervalComparisonStrategy(posteriors: FixedPosteriorSource(), random: SeededRandom(seed: 1))
        let s = settings("P5 up M3 m6 down P8 both", range: 55...70, measurementPeriod: 2)
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
        var strategy = IntervalComparisonStrategy(posteriors: FixedPosteriorSource(), random: SeededRandom(seed: 2))
        let first = strategy.nextComparison(profile: profile, settings: settings("P5 up"), last: nil)
        #expect(abs(first.centOffset.magnitude.value - 12) < 1e-9, "the fifth's own threshold, not the unison's 70 c")
        var equal = IntervalComparisonStrategy(posteriors: FixedPosteriorSource(), random: SeededRandom(seed: 2))
        let untrained = equal.nextComparison(profile: profile, settings: settings("P5 up", system: .equalTemperament),
                                             last: nil)
        #expect(untrained.centOffset.magnitude == KazezRule.initialDifference, "the equal-tempered fifth is untrained")
    }

    @Test func kazezFollowsEachDisciplinesOwnLastAnswer() {
        var strategy = IntervalComparisonStrategy(posteriors: FixedPosteriorSource(), random: SeededRandom(seed: 3))
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
        var strategy = IntervalComparisonStrategy(posteriors: FixedPosteriorSource(), random: SeededRandom(seed: 4))
        let s = settings("P8 up", range: 60...65)
        let comparison = strategy.nextComparison(profile: PerceptualProfile(), settings: s, last: nil)
        #expect(comparison.referenceNote == MIDINote(60)! && comparison.targetNote == MIDINote(72)!)
    }

    /// Plays `count` trials; `answer` is told each trial and its number among its own discipline's trials. Returns
    /// each discipline's trials in order, with whether each was answered correctly.
    private func play(_ strategy: inout IntervalComparisonStrategy, settings: TrainingSettings, count: Int,
                      answer: (Comparison, Int) -> Bool) -> [TrainingDiscipline: [(comparison: Comparison, correct: Bool)]] {
        var byDiscipline: [TrainingDiscipline: [(comparison: Comparison, correct: Bool)]] = [:]
        var last: CompletedComparison?
        for _ in 0..<count {
            let next = strategy.nextComparison(profile: PerceptualProfile(), settings: settings, last: last)
            let correct = answer(next, byDiscipline[next.discipline, default: []].count)
            byDiscipline[next.discipline, default: []].append((next, correct))
            last = answered(next, correctly: correct)
        }
        return byDiscipline
    }

    /// Every second trial of each interval is a measurement slot, placed on that interval's own posterior; every 10th
    /// slot of each is a lapse probe. The measurement trials, all answered wrong, never move the interval's Kazez chain.
    @Test func eachIntervalHasItsOwnMeasurementTrialsAndLapseProbesBesideItsKazezChain() {
        let source = FixedPosteriorSource()
        var strategy = IntervalComparisonStrategy(posteriors: source, random: SeededRandom(seed: 5))
        let s = settings("M3 P5 up", measurementPeriod: 2)
        let played = play(&strategy, settings: s, count: 400) { _, index in index % 2 == 1 ? false : index % 6 != 2 }
        let probe = MeasurementTrialPlanner.probeDifference(for: source.posterior, within: s.centDifferenceBounds)
        let best = InformationGainPlacement.bestDifference(for: source.posterior,
                                                           within: ThresholdTestProcedure.defaultDifferenceBounds)
        #expect(probe != best && played.count == 2)
        for (discipline, trials) in played {
            #expect(trials.count > 100, "\(discipline): \(trials.count) trials")
            let slots = trials.indices.filter { $0 % 2 == 1 }
            #expect(slots.filter { trials[$0].comparison.centOffset.magnitude == probe } == slots.filter { ($0 + 1) % 20 == 0 },
                    "\(discipline): every 10th slot is a probe")
            #expect(slots.filter { ($0 + 1) % 20 != 0 }.allSatisfy { trials[$0].comparison.centOffset.magnitude == best })
            let kazez = trials.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            #expect(kazez.first?.comparison.centOffset.magnitude == KazezRule.initialDifference)
            for (previous, next) in zip(kazez, kazez.dropFirst()) {
                #expect(next.comparison.centOffset.magnitude == KazezRule.next(
                    after: previous.comparison.centOffset, wasCorrect: previous.correct, within: s.centDifferenceBounds))
            }
        }
        let slotCount = played.values.map { $0.count / 2 }.reduce(0, +)
        #expect(source.askedDisciplines.count == slotCount)
        #expect(Set(source.askedDisciplines) == Set(played.keys), "each interval's slots read its own posterior")
    }

    /// Sessions shorter than the probes' interval still play them: a restart starts each Kazez chain over but keeps
    /// each interval's count of measurement slots since its last probe.
    @Test func shortSessionsStillPlayEachIntervalsProbes() {
        let source = FixedPosteriorSource()
        var strategy = IntervalComparisonStrategy(posteriors: source, random: SeededRandom(seed: 6))
        let s = settings("P4 up", measurementPeriod: 2)
        let probe = MeasurementTrialPlanner.probeDifference(for: source.posterior, within: s.centDifferenceBounds)
        var trials: [Comparison] = []
        for _ in 0..<5 { trials += play(&strategy, settings: s, count: 8) { _, _ in true }.values.flatMap { $0.map(\.comparison) } }
        #expect(trials.indices.filter { $0 % 2 == 1 && trials[$0].centOffset.magnitude == probe } == [19, 39])
    }

    /// With the profile as its source (as the app wires it), an interval's slots read that interval's own threshold:
    /// fifths answered at 10 c are measured near there, and probed at 4 × their interval's upper end, however a
    /// unison trained at 60 c reads.
    @Test func theSlotsReadTheIntervalsOwnThresholdInTheProfile() {
        let profile = PerceptualProfile()
        let s = settings("P5 up", measurementPeriod: 2)
        for index in 0..<300 {
            let note = MIDINote(48 + index % 12)!
            let fifth = Comparison(referenceNote: note, targetNote: MIDINote(note.rawValue + 7)!, centOffset: Cents(10),
                                   interval: .perfectFifth, tuningSystem: .justIntonation, presentation: .harmonic)
            let unison = Comparison(referenceNote: note, centOffset: Cents(60))
            for (comparison, correct) in [(fifth, index % 4 != 0), (unison, index % 2 == 0)] {
                profile.update(with: CompletedComparison(comparison: comparison, answeredHigher: correct,
                                                         timestamp: Date(timeIntervalSince1970: Double(index))))
            }
        }
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth, tuningSystem: .justIntonation)
        var strategy = IntervalComparisonStrategy(posteriors: profile, random: SeededRandom(seed: 7))
        let trials = play(&strategy, settings: s, count: 40) { _, _ in true }[fifth] ?? []
        #expect(trials.count == 40)
        for index in trials.indices where index % 2 == 1 {
            let comparison = trials[index].comparison
            let own = profile.placementPosterior(for: comparison.referenceNote, of: fifth)
            let unison = profile.placementPosterior(for: comparison.referenceNote, of: .unisonComparison)
            let expected = (index + 1) % 20 == 0
                ? MeasurementTrialPlanner.probeDifference(for: own, within: s.centDifferenceBounds)
                : InformationGainPlacement.bestDifference(for: own, within: MeasurementDifferences.bounds)
            #expect(comparison.centOffset.magnitude == expected, "trial \(index)")
            #expect(own.estimate.median.value < 20 && unison.estimate.median.value > 30)
        }
    }
}
