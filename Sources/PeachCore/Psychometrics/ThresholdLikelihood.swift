/// Log-likelihood of (T, β, λ) for a set of trials, in log space so any number of trials can be summed.
/// Trials at the same lattice difference are added together: k correct and m wrong answers cost one pass
/// over the grid (k · ln p + m · ln(1 − p)), which is what makes rebuilding a long history cheap.
public struct ThresholdLikelihood: Sendable {
    public let grid: ThresholdGrid
    public private(set) var logLikelihood: [Double]
    public private(set) var trials = 0

    public init(grid: ThresholdGrid = .standard) {
        self.grid = grid
        logLikelihood = [Double](repeating: 0, count: grid.cellCount)
    }

    public mutating func add(difference: Cents, correct: Bool) {
        add(differenceIndex: grid.latticeIndex(of: difference), correct: correct ? 1 : 0, wrong: correct ? 0 : 1)
    }

    /// `correct` right and `wrong` wrong answers at one lattice difference.
    public mutating func add(differenceIndex: Int, correct: Int, wrong: Int) {
        guard correct + wrong > 0 else { return }
        let n = grid.thresholdCount
        let grid = self.grid
        let k = Double(correct), m = Double(wrong)
        grid.logCorrectTable.withUnsafeBufferPointer { logCorrect in
            grid.logWrongTable.withUnsafeBufferPointer { logWrong in
                logLikelihood.withUnsafeMutableBufferPointer { cells in
                    for pair in 0..<grid.pairCount {
                        let base = grid.tableBase(pair: pair, differenceIndex: differenceIndex)
                        let row = cells.baseAddress! + pair * n
                        let right = logCorrect.baseAddress! + base, wrong = logWrong.baseAddress! + base
                        // One answer (the live case) reads one table: k · ln p + 0 · ln(1 − p) is k · ln p exactly.
                        if m == 0 {
                            for threshold in 0..<n { row[threshold] += k * right[threshold] }
                        } else if k == 0 {
                            for threshold in 0..<n { row[threshold] += m * wrong[threshold] }
                        } else {
                            for threshold in 0..<n { row[threshold] += k * right[threshold] + m * wrong[threshold] }
                        }
                    }
                }
            }
        }
        trials += correct + wrong
    }

    /// Adds another likelihood over the same grid (independent trials multiply).
    public mutating func add(_ other: ThresholdLikelihood) {
        for index in logLikelihood.indices { logLikelihood[index] += other.logLikelihood[index] }
        trials += other.trials
    }

    public var posterior: ThresholdPosterior {
        ThresholdPosterior(logLikelihood: logLikelihood, trials: trials, grid: grid)
    }
}
