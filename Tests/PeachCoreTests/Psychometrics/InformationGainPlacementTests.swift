import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct InformationGainPlacementTests {
    static func entropy(_ masses: [Double]) -> Double {
        let total = masses.reduce(0, +)
        return -masses.filter { $0 > 0 }.map { $0 / total * log($0 / total) }.reduce(0, +)
    }

    /// Expected entropy reduction by brute force: the posterior after each answer, renormalised, its entropy
    /// (over T alone, or over (T, β)), weighted by the answer's predictive probability.
    static func bruteForceGain(_ posterior: ThresholdPosterior, differenceIndex: Int, thresholdOnly: Bool) -> Double {
        let grid = posterior.grid
        let n = grid.thresholdCount
        func summary(_ cells: [Double]) -> [Double] {
            guard thresholdOnly else { return cells }
            var marginal = [Double](repeating: 0, count: n)
            for (index, value) in cells.enumerated() { marginal[index % n] += value }
            return marginal
        }
        var correct = posterior, wrong = posterior
        correct.update(differenceIndex: differenceIndex, correct: true)
        wrong.update(differenceIndex: differenceIndex, correct: false)
        var pCorrect = 0.0
        for slope in 0..<grid.slopeCount {
            for threshold in 0..<n {
                let p = PsychometricFunction.probabilityCorrect(
                    difference: grid.difference(atLatticeIndex: differenceIndex).value,
                    threshold: grid.threshold(at: threshold).value, slope: grid.slopes[slope], lapse: grid.lapses[0])
                pCorrect += posterior.probabilities[slope * n + threshold] * p
            }
        }
        return entropy(summary(posterior.probabilities))
            - pCorrect * entropy(summary(correct.probabilities)) - (1 - pCorrect) * entropy(summary(wrong.probabilities))
    }

    static func posterior() -> ThresholdPosterior {
        let grid = ThresholdGrid(thresholdCount: 9, thresholdRange: 1...64, slopeCount: 3, slopeRange: 0.8...3,
                                 fixedLapse: 0.02, latticeMargin: 6)
        var posterior = ThresholdPosterior(grid: grid)
        for (index, correct) in [(6, true), (3, false), (4, true)] { posterior.update(differenceIndex: index, correct: correct) }
        return posterior
    }

    @Test func jointTargetIsTheExpectedEntropyReductionOverThresholdAndSlope() {
        let posterior = Self.posterior()
        let reduced = InformationGainPlacement.Reduced(posterior)
        for index in [0, 3, 5, 8] {
            let gain = reduced.expectedGain(differenceIndex: index, grid: posterior.grid)
            let reference = Self.bruteForceGain(posterior, differenceIndex: index, thresholdOnly: false)
            #expect(abs(gain - reference) < 1e-4, "difference index \(index)")
        }
    }

    @Test func thresholdTargetIsTheExpectedEntropyReductionOfTheThresholdMarginal() {
        let posterior = Self.posterior()
        let reduced = InformationGainPlacement.Reduced(posterior)
        // One scratch buffer for every candidate, as placement uses it, starting with values that must not count.
        var scratch = [Double](repeating: 7, count: posterior.grid.thresholdCount)
        for index in [0, 3, 5, 8] {
            let gain = reduced.expectedThresholdGain(differenceIndex: index, grid: posterior.grid, scratch: &scratch)
            let reference = Self.bruteForceGain(posterior, differenceIndex: index, thresholdOnly: true)
            #expect(abs(gain - reference) < 1e-4, "difference index \(index)")
        }
    }
}
