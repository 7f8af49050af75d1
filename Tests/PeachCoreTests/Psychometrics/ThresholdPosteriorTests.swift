import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct ThresholdPosteriorTests {
    /// A grid small enough to enumerate by hand: 9 thresholds, 3 slopes, 2 lapse nodes.
    static func smallGrid() -> ThresholdGrid {
        ThresholdGrid(thresholdCount: 9, thresholdRange: 1...64, slopeCount: 3, slopeRange: 0.8...3,
                      lapseEdges: [0, 0.03, 0.2], latticeMargin: 6)
    }

    /// Trials on lattice points (no snapping), so the reference can use the exact differences.
    static let trials: [(index: Int, correct: Bool)] = [(8, true), (3, false), (5, true), (2, true), (4, false),
                                                        (4, true), (6, true), (1, false), (-2, false), (11, true)]

    /// Prior × likelihood from the model's formula with pow and exp, normalised: the reference.
    static func bruteForce(grid: ThresholdGrid) -> [Double] {
        var cells: [Double] = []
        for lapse in 0..<grid.lapseCount {
            for slope in 0..<grid.slopeCount {
                for threshold in 0..<grid.thresholdCount {
                    var weight = grid.lapseWeights[lapse] * grid.slopeWeights[slope]
                    for trial in trials {
                        let p = PsychometricFunction.probabilityCorrect(
                            difference: grid.difference(atLatticeIndex: trial.index).value,
                            threshold: grid.threshold(at: threshold).value, slope: grid.slopes[slope], lapse: grid.lapses[lapse])
                        weight *= trial.correct ? p : 1 - p
                    }
                    cells.append(weight)
                }
            }
        }
        let total = cells.reduce(0, +)
        return cells.map { $0 / total }
    }

    @Test func incrementalPosteriorMatchesTheBruteForceReference() {
        let grid = Self.smallGrid()
        var posterior = ThresholdPosterior(grid: grid)
        for trial in Self.trials { posterior.update(differenceIndex: trial.index, correct: trial.correct) }
        let reference = Self.bruteForce(grid: grid)
        #expect(posterior.trials == Self.trials.count)
        for (cell, expected) in reference.enumerated() {
            #expect(abs(posterior.probabilities[cell] - expected) < 1e-12, "cell \(cell)")
        }
    }

    @Test func logSpaceLikelihoodGivesTheSamePosterior() {
        let grid = Self.smallGrid()
        var likelihood = ThresholdLikelihood(grid: grid)
        for trial in Self.trials {
            likelihood.add(differenceIndex: trial.index, correct: trial.correct ? 1 : 0, wrong: trial.correct ? 0 : 1)
        }
        let reference = Self.bruteForce(grid: grid)
        let posterior = likelihood.posterior
        for (cell, expected) in reference.enumerated() {
            #expect(abs(posterior.probabilities[cell] - expected) < 1e-12, "cell \(cell)")
        }
    }

    @Test func binnedCountsEqualOneTrialAtATime() {
        let grid = Self.smallGrid()
        var oneByOne = ThresholdLikelihood(grid: grid)
        for _ in 0..<3 { oneByOne.add(differenceIndex: 4, correct: 1, wrong: 0) }
        for _ in 0..<2 { oneByOne.add(differenceIndex: 4, correct: 0, wrong: 1) }
        var binned = ThresholdLikelihood(grid: grid)
        binned.add(differenceIndex: 4, correct: 3, wrong: 2)
        #expect(binned.trials == 5)
        for (cell, value) in binned.logLikelihood.enumerated() {
            #expect(abs(value - oneByOne.logLikelihood[cell]) < 1e-9)
        }
    }

    @Test func differencesSnapToTheNearestLatticePoint() {
        let grid = ThresholdGrid.standard
        let index = grid.latticeIndex(of: Cents(-10))
        let snapped = grid.difference(atLatticeIndex: index).value
        #expect(abs(log(snapped / 10)) <= grid.logStep / 2 + 1e-12)
        #expect(grid.latticeIndex(of: Cents(0)) == grid.latticeRange.lowerBound)
        #expect(grid.latticeIndex(of: Cents(1e9)) == grid.latticeRange.upperBound)
    }

    @Test func theLapsePriorIsBetaOneTwentyCutIntoBins() {
        let grid = ThresholdGrid.lapseMarginalised
        #expect(abs(grid.lapseWeights.reduce(0, +) - 1) < 1e-12)
        // Beta(1, 20) puts 1 − 0.985^20 ≈ 26 % below 1.5 % (the first bin), renormalised over 0…0.25.
        let expectedFirst: Double = (1 - pow(0.985, 20.0)) / (1 - pow(0.75, 20.0))
        #expect(abs(grid.lapseWeights[0] - expectedFirst) < 1e-12)
        #expect(grid.lapses.allSatisfy { $0 > 0 && $0 < 0.25 })
        #expect(ThresholdGrid.standard.lapses == [0.02])
    }

    @Test func theSlopePriorIsCentredOnOnePointThree() {
        let grid = ThresholdGrid.standard
        let heaviest = grid.slopeWeights.indices.max { grid.slopeWeights[$0] < grid.slopeWeights[$1] }!
        #expect(abs(log10(grid.slopes[heaviest]) - log10(1.3)) <= log10(8 / 0.5) / 29 / 2 + 1e-9)
    }
}
