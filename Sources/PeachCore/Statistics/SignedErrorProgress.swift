import Foundation

/// The spread (SD) of a discipline's signed errors over time: per UTC day the count, sum and sum of squares (enough
/// to pool any days), followed through time by `DriftingLevel` (ln SD a random walk from one day or week to the
/// next, its rate learned from the attempts), which gives now, the smoothed path and the trend. Smaller spread is
/// better; the bias is reported on its own, since a bias that moves is not by itself better or worse.
public struct SignedErrorProgress: Hashable, Sendable {
    /// Attempts in all before a trend is read.
    public static let enoughTrials = 20
    /// The spreads the model can tell apart: 0.05 to 2000 (cents or milliseconds), 120 levels.
    static let firstLog = log(0.05)
    static let levelCount = 120
    static let logStep = (log(2000.0) - log(0.05)) / Double(levelCount - 1)

    private struct Sums: Hashable {
        var count = 0
        var sum = 0.0
        var sumOfSquares = 0.0

        mutating func add(_ other: Sums) {
            count += other.count
            sum += other.sum
            sumOfSquares += other.sumOfSquares
        }

        /// ln-likelihood of each spread level: normal errors about the period's own mean (marginalised under a flat
        /// prior), −(n − 1) ln s − SS / 2s²; flat for fewer than two attempts.
        var logLikelihood: [Double] {
            guard count >= 2 else { return [Double](repeating: 0, count: SignedErrorProgress.levelCount) }
            let n = Double(count)
            let squares = max(0, sumOfSquares - sum * sum / n)
            return (0..<SignedErrorProgress.levelCount).map { level in
                let logSpread = SignedErrorProgress.firstLog + Double(level) * SignedErrorProgress.logStep
                return -(n - 1) * logSpread - squares / (2 * exp(2 * logSpread))
            }
        }
    }

    private var days: [Int: Sums] = [:]

    public init() {}

    /// One signed error, in the discipline's unit, and when it was made.
    public mutating func add(_ error: Double, at timestamp: Date) {
        let day = ProgressPeriod.dayIndex(of: timestamp)
        days[day, default: Sums()].add(Sums(count: 1, sum: error, sumOfSquares: error * error))
    }

    /// Now, the path per period and the trend; nil before the first error.
    public var summary: DisciplineProgress? {
        guard let firstDay = days.keys.min(), let lastDay = days.keys.max() else { return nil }
        let period = ProgressPeriod.natural(firstDay: firstDay, lastDay: lastDay)
        let training = days.sorted { $0.key < $1.key }
        let steps = training.map { DriftingLevel.Step(day: $0.key, logLikelihood: $0.value.logLikelihood) }
        let solution = DriftingLevel.solve(steps, pairs: [0],
                                           grid: DriftingLevel.Grid(levelCount: Self.levelCount, logStep: Self.logStep))
        return DisciplineProgress(quantity: .spread, period: period, days: training.map { ($0.key, $0.value.count) },
                                  solution: solution, firstLog: Self.firstLog, logStep: Self.logStep,
                                  enoughTrials: Self.enoughTrials)
    }
}
