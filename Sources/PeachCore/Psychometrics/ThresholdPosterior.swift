import Foundation

/// The posterior over (T, β, λ) on a `ThresholdGrid`, kept as normalised probabilities so one trial is a
/// multiply per cell from a precomputed table (no exp or pow). For the short runs of a procedure; a long
/// history is accumulated in log space (`ThresholdLikelihood`) and turned into a posterior when asked.
public struct ThresholdPosterior: Sendable {
    public let grid: ThresholdGrid
    /// Probability of each cell (sum 1), prior included; layout as in `ThresholdGrid`.
    public private(set) var probabilities: [Double]
    public private(set) var trials: Int

    /// The prior alone: flat in ln T; the slope and lapse prior is `slopePrior`, or the grid's own (cold).
    public init(grid: ThresholdGrid = .standard, slopePrior: SlopePrior? = nil) {
        self.init(logLikelihood: [Double](repeating: 0, count: grid.cellCount), trials: 0, grid: grid,
                  slopePrior: slopePrior)
    }

    /// Prior × likelihood from log-likelihoods per cell.
    public init(logLikelihood: [Double], trials: Int, grid: ThresholdGrid = .standard, slopePrior: SlopePrior? = nil) {
        precondition(logLikelihood.count == grid.cellCount, "log-likelihood does not match the grid")
        let pairPrior = slopePrior?.logPairWeights ?? grid.logPairPrior
        precondition(pairPrior.count == grid.pairCount, "slope prior does not match the grid")
        self.grid = grid
        self.trials = trials
        probabilities = Self.normalised(logLikelihood, plus: pairPrior, rowLength: grid.thresholdCount)
    }

    /// A cell this far (in ln) below the peak weighs under 1e-26 of it: 0 instead of an exp (the dearest step of
    /// placing a trial), which moves no sum of the posterior by as much as its rounding does.
    static let negligibleLogRatio = -60.0

    /// exp(ln-likelihood + ln pair prior − peak), normalised to sum 1, in one buffer.
    private static func normalised(_ logLikelihood: [Double], plus pairPrior: [Double], rowLength n: Int) -> [Double] {
        var weights = logLikelihood
        weights.withUnsafeMutableBufferPointer { cells in
            var peak = -Double.infinity
            for pair in pairPrior.indices {
                let row = cells.baseAddress! + pair * n, prior = pairPrior[pair]
                for threshold in 0..<n {
                    row[threshold] += prior
                    peak = max(peak, row[threshold])
                }
            }
            var total = 0.0
            for index in cells.indices {
                let relative = cells[index] - peak
                cells[index] = relative < negligibleLogRatio ? 0 : exp(relative)
                total += cells[index]
            }
            for index in cells.indices { cells[index] /= total }
        }
        return weights
    }

    public mutating func update(difference: Cents, correct: Bool) {
        update(differenceIndex: grid.latticeIndex(of: difference), correct: correct)
    }

    /// Bayes' rule for one answer at a lattice difference, then renormalisation.
    public mutating func update(differenceIndex: Int, correct: Bool) {
        let n = grid.thresholdCount, pairs = grid.pairCount
        let bases = (0..<pairs).map { grid.tableBase(pair: $0, differenceIndex: differenceIndex) }
        let total = grid.probabilityTable.withUnsafeBufferPointer { table in
            probabilities.withUnsafeMutableBufferPointer { cells in
                Self.multiply(cells.baseAddress!, by: table.baseAddress!, bases: bases, count: n, complement: !correct)
            }
        }
        let scale = 1 / total
        probabilities.withUnsafeMutableBufferPointer { cells in
            for index in 0..<cells.count { cells[index] *= scale }
        }
        trials += 1
    }

    /// cells[row] *= p (or 1 − p) along each (lapse, slope) row; returns the new total.
    private static func multiply(_ cells: UnsafeMutablePointer<Double>, by table: UnsafePointer<Double>, bases: [Int],
                                 count n: Int, complement: Bool) -> Double {
        for (pair, base) in bases.enumerated() {
            let row = cells + pair * n, factors = table + base
            if complement {
                for threshold in 0..<n { row[threshold] *= 1 - factors[threshold] }
            } else {
                for threshold in 0..<n { row[threshold] *= factors[threshold] }
            }
        }
        return FastSum.sum(UnsafePointer(cells), count: n * bases.count)
    }

    /// P(T = node) summed over slopes and lapses.
    public var thresholdMarginal: [Double] {
        let n = grid.thresholdCount
        var marginal = [Double](repeating: 0, count: n)
        for pair in 0..<grid.pairCount {
            for threshold in 0..<n { marginal[threshold] += probabilities[pair * n + threshold] }
        }
        return marginal
    }

    /// P(β = node) summed over thresholds and lapses.
    public var slopeMarginal: [Double] {
        let n = grid.thresholdCount
        var marginal = [Double](repeating: 0, count: grid.slopeCount)
        for pair in 0..<grid.pairCount {
            let slope = pair % grid.slopeCount
            for threshold in 0..<n { marginal[slope] += probabilities[pair * n + threshold] }
        }
        return marginal
    }

    /// P(λ = node) summed over thresholds and slopes.
    public var lapseMarginal: [Double] {
        let n = grid.thresholdCount
        var marginal = [Double](repeating: 0, count: grid.lapseCount)
        probabilities.withUnsafeBufferPointer { cells in
            for pair in 0..<grid.pairCount {
                marginal[pair / grid.slopeCount] += FastSum.sum(cells.baseAddress! + pair * n, count: n)
            }
        }
        let total = marginal.reduce(0, +)
        return total > 0 ? marginal.map { $0 / total } : marginal
    }

    public var estimate: ThresholdEstimate {
        ThresholdEstimate(thresholdMarginal: thresholdMarginal, grid: grid, trials: trials)
    }
}
