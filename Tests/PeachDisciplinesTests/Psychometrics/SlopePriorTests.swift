import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct SlopePriorTests {
    /// `count` answers of a listener at differences log-uniform over 1-60 cents, on notes 60-65.
    static func answers(count: Int, threshold: Double = 8, slope: Double = 1.2, seed: UInt64) -> [ThresholdTrial] {
        var random = SeededRandom(seed: seed)
        let listener = SimulatedListener(threshold: Cents(threshold), slope: slope, lapseRate: 0.02)
        return (0..<count).map { _ in
            let note = MIDINote(Int.random(in: 60...65, using: &random))!
            let difference = Cents(exp(Double.random(in: log(1)...log(60), using: &random)))
            return ThresholdTrial(note: note, difference: difference, correct: listener.answersCorrectly(difference, using: &random))
        }
    }

    @Test func aUserWithoutTrainingHasNoSlopePrior() {
        #expect(PooledThresholds().slopePrior == nil)
    }

    @Test func theColdPriorIsTheGridsOwn() {
        let cold = ThresholdPosterior(grid: .standard, slopePrior: .cold())
        let difference = zip(cold.probabilities, ThresholdPosterior().probabilities).map { abs($0 - $1) }.max() ?? 1
        #expect(difference < 1e-12)
    }

    /// With one region the shared slope's evidence is the region's own slope marginal: prior × likelihood
    /// summed over the threshold.
    @Test func oneRegionsSlopePriorIsItsPosteriorSlopeMarginal() throws {
        let pooled = PooledThresholds(trials: Self.answers(count: 300, seed: 1))
        let prior = try #require(pooled.slopePrior)
        #expect(prior.trials == 300)
        let direct = pooled.placementPosterior(for: MIDINote(60)!).slopeMarginal
        for (a, b) in zip(prior.slopeMarginal(grid: .standard), direct) { #expect(abs(a - b) < 1e-9) }
    }

    @Test func trainingConcentratesTheSlopeAwayFromThePrior() throws {
        // A steep listener: the training's slope posterior sits well above the cold prior's median 1.3.
        let pooled = PooledThresholds(trials: Self.answers(count: 2000, slope: 3, seed: 2))
        let prior = try #require(pooled.slopePrior)
        let warm = ThresholdPosterior(slopePrior: prior)
        #expect(warm.medianSlope > 2.5)
        #expect(ThresholdPosterior().medianSlope < 1.4)
    }

    /// The test's own answers: the same answers narrow the interval more when the slope is known from training.
    @Test func aTrainedSlopeGivesANarrowerIntervalOnTheSameAnswers() throws {
        let pooled = PooledThresholds(trials: Self.answers(count: 1000, seed: 3))
        let test = Self.answers(count: 60, seed: 4)
        let prior = try #require(pooled.slopePrior)
        var cold = ThresholdPosterior(), warm = ThresholdPosterior(slopePrior: prior)
        for trial in test {
            cold.update(difference: trial.difference, correct: trial.correct)
            warm.update(difference: trial.difference, correct: trial.correct)
        }
        #expect(warm.estimate.contains(Cents(8)) && cold.estimate.contains(Cents(8)))
        #expect(warm.estimate.intervalRatio < cold.estimate.intervalRatio * 0.95)
    }

    @Test func theTestProcedureStartsFromTheSlopePrior() throws {
        let prior = try #require(PooledThresholds(trials: Self.answers(count: 500, seed: 5)).slopePrior)
        let warm = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!, slopePrior: prior)
        for (a, b) in zip(warm.posterior.slopeMarginal, prior.slopeMarginal(grid: .standard)) { #expect(abs(a - b) < 1e-9) }
        let cold = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!)
        #expect(cold.posterior.probabilities == ThresholdPosterior().probabilities)
    }
}
