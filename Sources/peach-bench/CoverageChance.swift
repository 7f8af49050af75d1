import Foundation

/// How many cells the coverage check flags by chance alone. A cell's coverage over n runs is flagged when it falls
/// more than max(2, 2 SE) points below 95 %; even intervals that cover exactly 95 % in every cell are flagged in some
/// cells of many (with 60 runs per cell, 3.0 % of them: about 9.5 of 320 figures; with 1000 runs, 0.23 %). So the
/// count of flagged cells is judged against what chance gives: met when chance alone would reach it in more than 5 %
/// of benchmark runs.
enum CoverageChance {
    /// Sampling noise of one cell's coverage, in points: a true 95 % coverage over `runs` runs is measured within
    /// ±2 SE = ±2·√(0.95·0.05/n) about 95 % of the time.
    static func noise(runs: Int) -> Double { 2 * (0.95 * 0.05 / Double(runs)).squareRoot() * 100 }

    /// The flag's margin from 95 %, in points, for `runs` runs per cell: the noise, at least 2.
    static func margin(runs: Int) -> Double { max(2, noise(runs: runs)) }

    /// The probability that a cell whose intervals cover exactly 95 % is flagged.
    static func flagProbability(runs: Int) -> Double {
        let limit = 95 - margin(runs: runs)
        return (0...runs).filter { Double($0) / Double(runs) * 100 < limit }.reduce(0) { $0 + binomial($1, of: runs, 0.95) }
    }

    /// The most cells of `figures` that chance alone flags in 95 % of benchmark runs.
    static func chanceLimit(figures: Int, runs: Int) -> Int {
        let probability = flagProbability(runs: runs)
        var cumulative = 0.0
        for count in 0...max(figures, 0) {
            cumulative += binomial(count, of: figures, probability)
            if cumulative >= 0.95 { return count }
        }
        return figures
    }

    /// P(k successes of n) for success probability p.
    static func binomial(_ k: Int, of n: Int, _ p: Double) -> Double {
        guard p > 0, p < 1 else { return (p <= 0 && k == 0) || (p >= 1 && k == n) ? 1 : 0 }
        let logChoose = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
        return exp(logChoose + Double(k) * log(p) + Double(n - k) * log(1 - p))
    }
}
