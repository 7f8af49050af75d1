import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// A posterior source with a fixed posterior that records which notes (and disciplines) it was asked about.
@MainActor
final class FixedPosteriorSource: ThresholdPosteriorSource {
    let posterior: ThresholdPosterior
    private(set) var askedNotes: [MIDINote] = []
    private(set) var askedDisciplines: [TrainingDiscipline] = []
    var trainedSlopePrior: SlopePrior?

    init(correctAnswersAt difference: Cents = Cents(8), count: Int = 30) {
        var posterior = ThresholdPosterior()
        for index in 0..<count { posterior.update(difference: difference, correct: index % 4 != 0) }
        self.posterior = posterior
    }

    func placementPosterior(for note: MIDINote, of discipline: TrainingDiscipline) -> ThresholdPosterior {
        askedNotes.append(note)
        askedDisciplines.append(discipline)
        return posterior
    }
}

@Suite @MainActor struct MeasuringComparisonStrategyTests {
    /// Plays `count` trials of `strategy`, answering each with `answer(index, comparison)`; returns what was played.
    private func run<Strategy: ComparisonStrategy>(_ strategy: inout Strategy, count: Int,
                                                   settings: TrainingSettings = .defaults,
                                                   answer: (Int, Comparison) -> Bool) -> [Comparison] {
        let profile = PerceptualProfile()
        var last: CompletedComparison?
        var played: [Comparison] = []
        for index in 0..<count {
            let comparison = strategy.nextComparison(profile: profile, settings: settings, last: last)
            played.append(comparison)
            let correct = answer(index, comparison)
            last = CompletedComparison(comparison: comparison, answeredHigher: correct == comparison.isTargetHigher,
                                       timestamp: Date(timeIntervalSince1970: Double(index)))
        }
        return played
    }

    /// The Kazez trials' answers: a fixed pattern by Kazez-trial number, so both runs give the same ones.
    private static func kazezAnswer(_ kazezIndex: Int) -> Bool { kazezIndex % 5 != 2 && kazezIndex % 7 != 3 }

    @Test func theKazezChainIsUnchangedByInterleavedMeasurementTrialsAndProbes() {
        let kazezCount = 60
        var plain = AdaptiveNoteStrategy(random: SeededRandom(seed: 11))
        let alone = run(&plain, count: kazezCount) { index, _ in Self.kazezAnswer(index) }

        var measuring = MeasuringComparisonStrategy(posteriors: FixedPosteriorSource(),
                                                    kazez: AdaptiveNoteStrategy(random: SeededRandom(seed: 11)),
                                                    measurementRandom: SeededRandom(seed: 99))
        let period = TrainingSettings.defaults.measurementTrialPeriod
        #expect(period == 2)
        let total = kazezCount * period / (period - 1)
        let mixed = run(&measuring, count: total) { index, _ in
            let isMeasurement = (index + 1) % period == 0
            // Measurement trials answered wrong: the chain would move if it saw them.
            return isMeasurement ? false : Self.kazezAnswer(index - index / period)
        }
        let kazezTrials = mixed.enumerated().filter { ($0.offset + 1) % period != 0 }.map(\.element)
        #expect(kazezTrials.count == kazezCount)
        #expect(kazezTrials.map(\.centOffset) == alone.map(\.centOffset), "the Kazez differences are identical")
        #expect(kazezTrials.map(\.referenceNote) == alone.map(\.referenceNote))
        #expect(kazezTrials == alone)
        // Every 10th measurement slot (trials 20, 40, 60 …) is a lapse probe: four times the upper end of the
        // posterior's interval, clamped to the settings' bounds; the other slots are measurement trials.
        let probe = MeasurementTrialPlanner.probeDifference(for: FixedPosteriorSource().posterior,
                                                            within: TrainingSettings.defaults.centDifferenceBounds)
        let best = InformationGainPlacement.bestDifference(for: FixedPosteriorSource().posterior,
                                                           within: ThresholdTestProcedure.defaultDifferenceBounds)
        #expect(probe != best)
        let slots = mixed.indices.filter { ($0 + 1) % period == 0 }
        #expect(slots.filter { mixed[$0].centOffset.magnitude == probe } == slots.filter { ($0 + 1) % 20 == 0 })
        #expect(slots.filter { ($0 + 1) % 20 != 0 }.allSatisfy { mixed[$0].centOffset.magnitude == best })
    }

    /// Sessions shorter than the probes' interval still play them: a restart starts the Kazez chain over but keeps
    /// the count of measurement slots since the last probe.
    @Test func shortSessionsStillPlayProbes() {
        let source = FixedPosteriorSource()
        var measuring = MeasuringComparisonStrategy(posteriors: source,
                                                    kazez: AdaptiveNoteStrategy(random: SeededRandom(seed: 8)),
                                                    measurementRandom: SeededRandom(seed: 9))
        let probe = MeasurementTrialPlanner.probeDifference(for: source.posterior,
                                                            within: TrainingSettings.defaults.centDifferenceBounds)
        var played: [Comparison] = []
        // Five sessions of 8 trials, 4 measurement slots each: the 10th and 20th slots are probes.
        for _ in 0..<5 { played += run(&measuring, count: 8) { _, _ in true } }
        // (Each session's first Kazez trial plays 100 c, which may be the probe's clamped difference too.)
        let slots = played.indices.filter { $0 % 2 == 1 }
        #expect(slots.filter { played[$0].centOffset.magnitude == probe } == [19, 39])
    }

    @Test func everyFourthTrialIsPlacedWhereTheEstimatorLearnsMost() {
        let source = FixedPosteriorSource()
        var measuring = MeasuringComparisonStrategy(posteriors: source,
                                                    kazez: AdaptiveNoteStrategy(random: SeededRandom(seed: 3)),
                                                    measurementRandom: SeededRandom(seed: 4))
        var settings = TrainingSettings.defaults
        settings.measurementTrialPeriod = 4
        let played = run(&measuring, count: 16, settings: settings) { _, _ in true }
        let best = InformationGainPlacement.bestDifference(for: source.posterior,
                                                           within: ThresholdTestProcedure.defaultDifferenceBounds)
        let measurements = [3, 7, 11, 15].map { played[$0] }
        #expect(measurements.allSatisfy { $0.centOffset.magnitude == best })
        #expect(source.askedNotes == measurements.map(\.referenceNote), "asked about exactly the measured notes")
        #expect(source.askedDisciplines.allSatisfy { $0 == .unisonComparison })
        #expect(measurements.allSatisfy { TrainingSettings.defaults.noteRange.contains($0.referenceNote) })
        // All correct from 100 c: the Kazez trials walk down and never land on the estimator's difference by chance.
        #expect(played[2].centOffset.magnitude != best)
    }

    @Test func periodZeroIsPlainKazezTraining() {
        var settings = TrainingSettings.defaults
        settings.measurementTrialPeriod = 0
        var plain = AdaptiveNoteStrategy(random: SeededRandom(seed: 21))
        let alone = run(&plain, count: 20, settings: settings) { index, _ in index % 3 != 0 }
        let source = FixedPosteriorSource()
        var measuring = MeasuringComparisonStrategy(posteriors: source,
                                                    kazez: AdaptiveNoteStrategy(random: SeededRandom(seed: 21)),
                                                    measurementRandom: SeededRandom(seed: 5))
        let mixed = run(&measuring, count: 20, settings: settings) { index, _ in index % 3 != 0 }
        #expect(mixed == alone)
        #expect(source.askedNotes.isEmpty)
    }

    @Test func aRestartStartsTheCountAndTheChainOver() {
        let source = FixedPosteriorSource()
        var measuring = MeasuringComparisonStrategy(posteriors: source,
                                                    kazez: AdaptiveNoteStrategy(random: SeededRandom(seed: 8)),
                                                    measurementRandom: SeededRandom(seed: 9))
        var settings = TrainingSettings.defaults
        settings.measurementTrialPeriod = 4
        _ = run(&measuring, count: 2, settings: settings) { _, _ in true }
        // Restarted: trials 1-3 of a new run are Kazez trials.
        _ = run(&measuring, count: 3, settings: settings) { _, _ in true }
        #expect(source.askedNotes.isEmpty)
        _ = run(&measuring, count: 4, settings: settings) { _, _ in true }
        #expect(source.askedNotes.count == 1)
    }
}

@Suite @MainActor struct ProfileAsThresholdSourceTests {
    @Test func launchBuildEqualsObservingTrialByTrialAndSkipsOtherDisciplines() throws {
        var random = SeededRandom(seed: 2)
        var records: [TrainingRecord] = []
        let tracker = PerceptualProfile()
        for index in 0..<300 {
            let note = MIDINote(Int.random(in: 40...80, using: &random))!
            let offset = Cents(Double.random(in: 1...40, using: &random))
            let interval: Interval = index % 5 == 0 ? .perfectFifth : .perfectUnison
            let target = MIDINote(note.rawValue + interval.semitones)!
            let comparison = Comparison(referenceNote: note, targetNote: target, centOffset: offset, interval: interval)
            let completed = CompletedComparison(comparison: comparison, answeredHigher: Bool.random(using: &random),
                                                timestamp: Date(timeIntervalSince1970: Double(index)))
            tracker.update(with: (completed))
            records.append(.comparison(ComparisonRecord(completed, outputName: nil)))
            if index % 7 == 0 {
                let matching = CompletedPitchMatching(challenge: PitchMatchingChallenge(referenceNote: note, initialCentOffset: offset),
                                                      userCentError: Cents(3), timestamp: Date(timeIntervalSince1970: Double(index)))
                tracker.update(with: (matching))
                records.append(.pitchMatching(PitchMatchingRecord(matching)))
            }
        }
        let launched = PerceptualProfile()
        launched.rebuild(from: records)
        #expect(launched.thresholds(of: .unisonComparison)?.trialCount == 240)
        #expect(tracker.thresholds(of: .unisonComparison)?.trialCount == 240)
        for note in [MIDINote(40)!, MIDINote(60)!, MIDINote(80)!] {
            let a = launched.placementPosterior(for: note, of: .unisonComparison).probabilities
            let b = tracker.placementPosterior(for: note, of: .unisonComparison).probabilities
            #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($0), 1e-300) + 1e-15 })
        }
        // The fifths are a discipline of their own: their 60 answers, on the same grid with its heavy lapse node.
        let fifth = Comparison(referenceNote: MIDINote(60)!, targetNote: MIDINote(67)!, centOffset: Cents(1),
                               interval: .perfectFifth).discipline
        #expect(launched.thresholds(of: fifth)?.trialCount == 60)
        let fifths = launched.placementPosterior(for: MIDINote(60)!, of: fifth)
        #expect(fifths.grid.lapses == ThresholdGrid.lapseProbed.lapses)
        #expect(fifths.probabilities != launched.placementPosterior(for: MIDINote(60)!, of: .unisonComparison).probabilities)
        let tracked = tracker.placementPosterior(for: MIDINote(60)!, of: fifth).probabilities
        #expect(zip(fifths.probabilities, tracked).allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($0), 1e-300) + 1e-15 })
    }
}
