import Foundation

/// Where to put the next difference so its answer is expected to tell most: the Psi method (Kontsevich &
/// Tyler 1999), minimising the expected posterior entropy after the answer.
///
/// Two targets. `.thresholdAndSlope` is the original Psi: entropy of the joint (T, β) posterior, computed as the
/// mutual information H(p̄(d)) − Σ π(θ) H(p_θ(d)) (two table lookups per cell and candidate). `.threshold`
/// (the default) is the "Psi-marginal" variant (Prins 2013): entropy of T's marginal only, with β a nuisance.
/// The simulation (docs/threshold-estimator.md) shows the joint target spends trials far from the threshold to
/// learn the slope and leaves T's interval much wider after 60 trials; T is what the user is shown.
///
/// The lapse rate is a nuisance here: the cells are summed over λ and the likelihood is taken at the most
/// probable lapse node. Cells with negligible probability are skipped, candidates are limited to the
/// plausible thresholds' neighbourhood, which keeps a placement around a few tens of microseconds.
public enum InformationGainPlacement {
    /// Cells below this probability do not change the choice.
    static let negligible = 1e-5
    /// Candidates reach this many lattice steps (≈ ×2.3) beyond the 1 %…99 % threshold range.
    static let candidateReach = 12
    /// The coarse pass looks at every third lattice difference (≈ 23 % apart), the fine pass at the rest near the best.
    static let coarseStride = 3

    public enum Target: Sendable {
        case threshold
        case thresholdAndSlope
    }

    /// The difference within `bounds` with the largest expected information gain.
    public static func bestDifference(for posterior: ThresholdPosterior, within bounds: ClosedRange<Cents>,
                                      target: Target = .threshold) -> Cents {
        let grid = posterior.grid
        let allowed = grid.latticeIndex(of: bounds.lowerBound)...grid.latticeIndex(of: bounds.upperBound)
        return grid.difference(atLatticeIndex: bestLatticeIndex(for: posterior, within: allowed, target: target))
    }

    static func bestLatticeIndex(for posterior: ThresholdPosterior, within allowed: ClosedRange<Int>,
                                 target: Target = .threshold) -> Int {
        let grid = posterior.grid
        let reduced = Reduced(posterior)
        let marginal = reduced.thresholdMarginal
        let low = GridQuantile.position(of: 0.01, in: marginal).cell - candidateReach
        let high = GridQuantile.position(of: 0.99, in: marginal).cell + candidateReach
        let lowCandidate = max(low, allowed.lowerBound), highCandidate = min(high, allowed.upperBound)
        // The plausible thresholds lie wholly outside the allowed differences: the nearest allowed one.
        guard lowCandidate <= highCandidate else { return low > allowed.upperBound ? allowed.upperBound : allowed.lowerBound }
        // Every `coarseStride`-th candidate first, then the neighbours of the best one.
        var best = lowCandidate, bestGain = -Double.infinity
        var scratch = [Double](repeating: 0, count: grid.thresholdCount)
        func consider(_ candidate: Int) {
            let gain = switch target {
            case .threshold: reduced.expectedThresholdGain(differenceIndex: candidate, grid: grid, scratch: &scratch)
            case .thresholdAndSlope: reduced.expectedGain(differenceIndex: candidate, grid: grid)
            }
            if gain > bestGain { bestGain = gain; best = candidate }
        }
        for candidate in stride(from: lowCandidate, through: highCandidate, by: coarseStride) { consider(candidate) }
        let coarseBest = best
        for offset in 1..<coarseStride {
            for candidate in [coarseBest - offset, coarseBest + offset] where (lowCandidate...highCandidate).contains(candidate) {
                consider(candidate)
            }
        }
        return best
    }

    /// The posterior summed over λ, with the non-negligible threshold span of each slope row.
    struct Reduced {
        var cells: [Double]  // slope · thresholdCount + threshold
        var rows: [(slope: Int, low: Int, high: Int)] = []
        var lapse: Int
        var thresholdMarginal: [Double]
        /// Probability in the rows' spans, its threshold marginal, extent and entropy.
        var mass = 0.0
        var spanMarginal: [Double]
        var spanLow = Int.max, spanHigh = Int.min
        var spanEntropy = 0.0

        init(_ posterior: ThresholdPosterior) {
            let grid = posterior.grid
            let n = grid.thresholdCount
            var summed = [Double](repeating: 0, count: grid.slopeCount * n)
            var lapseMass = [Double](repeating: 0, count: grid.lapseCount)
            posterior.probabilities.withUnsafeBufferPointer { probabilities in
                summed.withUnsafeMutableBufferPointer { summed in
                    for pair in 0..<grid.pairCount {
                        let lapse = pair / grid.slopeCount, slope = pair % grid.slopeCount
                        let row = probabilities.baseAddress! + pair * n, target = summed.baseAddress! + slope * n
                        for threshold in 0..<n { target[threshold] += row[threshold] }
                        lapseMass[lapse] += FastSum.sum(row, count: n)
                    }
                }
            }
            cells = summed
            lapse = lapseMass.indices.max { lapseMass[$0] < lapseMass[$1] } ?? 0
            thresholdMarginal = [Double](repeating: 0, count: n)
            spanMarginal = [Double](repeating: 0, count: n)
            for slope in 0..<grid.slopeCount {
                var low = -1, high = -1
                for threshold in 0..<n {
                    let p = cells[slope * n + threshold]
                    thresholdMarginal[threshold] += p
                    if p > InformationGainPlacement.negligible {
                        if low < 0 { low = threshold }
                        high = threshold
                    }
                }
                if low >= 0 {
                    rows.append((slope, low, high))
                    for threshold in low...high {
                        mass += cells[slope * n + threshold]
                        spanMarginal[threshold] += cells[slope * n + threshold]
                    }
                    spanLow = min(spanLow, low)
                    spanHigh = max(spanHigh, high)
                }
            }
            if mass > 0 {
                var sum = 0.0
                for threshold in spanLow...spanHigh where spanMarginal[threshold] > 0 {
                    sum -= spanMarginal[threshold] * log(spanMarginal[threshold])
                }
                spanEntropy = sum / mass + log(mass)
            }
        }

        func expectedGain(differenceIndex: Int, grid: ThresholdGrid) -> Double {
            let n = grid.thresholdCount
            var meanProbability = 0.0, meanEntropy = 0.0
            grid.probabilityTable.withUnsafeBufferPointer { probability in
                grid.entropyTable.withUnsafeBufferPointer { entropy in
                    cells.withUnsafeBufferPointer { cells in
                        for row in rows {
                            let base = grid.tableBase(pair: lapse * grid.slopeCount + row.slope,
                                                      differenceIndex: differenceIndex) + row.low
                            let (p, h) = FastSum.dotPair(cells.baseAddress! + row.slope * n + row.low,
                                                         probability.baseAddress! + base, entropy.baseAddress! + base,
                                                         count: row.high - row.low + 1)
                            meanProbability += p
                            meanEntropy += h
                        }
                    }
                }
            }
            guard mass > 0 else { return 0 }
            return ThresholdGrid.binaryEntropy(meanProbability / mass) - meanEntropy / mass
        }

        /// H(T) − E[H(T | answer)] over T's marginal (the rows' spans). `scratch` (thresholdCount long) is reused from
        /// candidate to candidate: what it holds on entry does not matter.
        func expectedThresholdGain(differenceIndex: Int, grid: ThresholdGrid, scratch correctMarginal: inout [Double]) -> Double {
            guard mass > 0, spanLow <= spanHigh else { return 0 }
            let n = grid.thresholdCount
            grid.probabilityTable.withUnsafeBufferPointer { probability in
                cells.withUnsafeBufferPointer { cells in
                    correctMarginal.withUnsafeMutableBufferPointer { marginal in
                        for threshold in spanLow..<(spanHigh + 1) { marginal[threshold] = 0 }
                        for row in rows {
                            let base = grid.tableBase(pair: lapse * grid.slopeCount + row.slope, differenceIndex: differenceIndex)
                            // Raw pointers over a half-open range: the loop vectorises.
                            let weights = cells.baseAddress! + row.slope * n + row.low
                            let factors = probability.baseAddress! + base + row.low
                            let target = marginal.baseAddress! + row.low
                            for index in 0..<(row.high - row.low + 1) { target[index] += weights[index] * factors[index] }
                        }
                    }
                }
            }
            var correctMass = 0.0, correctEntropy = 0.0, wrongEntropy = 0.0
            for threshold in spanLow...spanHigh {
                let right = correctMarginal[threshold]
                let wrong = max(spanMarginal[threshold] - right, 0)
                correctMass += right
                if right > 0 { correctEntropy -= right * log(right) }
                if wrong > 0 { wrongEntropy -= wrong * log(wrong) }
            }
            let wrongMass = mass - correctMass
            // Σ m log m over unnormalised masses: H(m / M) = (−Σ m log m) / M + log M.
            var expected = 0.0
            if correctMass > 0 { expected += correctEntropy + correctMass * log(correctMass) }
            if wrongMass > 0 { expected += wrongEntropy + wrongMass * log(wrongMass) }
            return spanEntropy - expected / mass
        }
    }
}
