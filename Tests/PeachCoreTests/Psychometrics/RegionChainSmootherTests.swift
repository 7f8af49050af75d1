import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct RegionChainSmootherTests {
    /// Three regions (the middle one untrained) on a tiny grid, enumerated over every (T₀, T₁, T₂, β, λ):
    /// the forward-backward marginals must equal the brute-force ones.
    @Test func forwardBackwardMatchesEnumeration() {
        let grid = ThresholdPosteriorTests.smallGrid()
        let n = grid.thresholdCount
        var first = ThresholdLikelihood(grid: grid), last = ThresholdLikelihood(grid: grid)
        for (index, correct, wrong) in [(3, 4, 1), (5, 2, 0), (1, 1, 2)] { first.add(differenceIndex: index, correct: correct, wrong: wrong) }
        for (index, correct, wrong) in [(6, 1, 3), (8, 3, 1)] { last.add(differenceIndex: index, correct: correct, wrong: wrong) }
        let stepSD = 0.5
        let smoothed = RegionChainSmoother.thresholdMarginals(regions: [first, nil, last], grid: grid, stepSD: stepSD)

        // The random walk's transition, written out independently: truncated Gaussian, rows normalised.
        let sd = stepSD / grid.logStep, reach = Int((4 * sd).rounded(.up))
        func kernel(_ from: Int, _ to: Int) -> Double {
            guard abs(to - from) <= reach else { return 0 }
            let total = (0..<n).filter { abs($0 - from) <= reach }.map { exp(-0.5 * pow(Double($0 - from) / sd, 2)) }.reduce(0, +)
            return exp(-0.5 * pow(Double(to - from) / sd, 2)) / total
        }
        var reference = [[Double]](repeating: [Double](repeating: 0, count: n), count: 3)
        for pair in 0..<grid.pairCount {
            let prior = exp(grid.logPairPrior[pair])
            for t0 in 0..<n {
                for t1 in 0..<n {
                    for t2 in 0..<n {
                        let weight = prior * exp(first.logLikelihood[pair * n + t0]) * kernel(t0, t1) * kernel(t1, t2)
                            * exp(last.logLikelihood[pair * n + t2])
                        reference[0][t0] += weight
                        reference[1][t1] += weight
                        reference[2][t2] += weight
                    }
                }
            }
        }
        for region in 0..<3 {
            let total = smoothed[region].reduce(0, +), referenceTotal = reference[region].reduce(0, +)
            for threshold in 0..<n {
                #expect(abs(smoothed[region][threshold] / total - reference[region][threshold] / referenceTotal) < 1e-9,
                        "region \(region), threshold \(threshold)")
            }
        }
    }
}
