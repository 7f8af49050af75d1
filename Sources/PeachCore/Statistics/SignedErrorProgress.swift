import Foundation

/// The spread (SD) of a discipline's signed errors over time: per UTC day the count, sum and sum of squares (enough
/// to pool any days), estimated per day or week with the chi-square 95 % interval of `SignedErrorSummary`, and the
/// first and latest stretch with enough attempts (`ProgressStretches`) for the trend. Smaller spread is better;
/// the bias is reported on its own, since a bias that moves is not by itself better or worse.
public struct SignedErrorProgress: Hashable, Sendable {
    /// A period needs this many attempts to be shown (an SD of fewer says little).
    public static let minimumTrials = 10
    /// A stretch compared for the trend pools neighbouring periods until it holds this many attempts.
    public static let enoughTrials = 20

    private struct Sums: Hashable {
        var count = 0
        var sum = 0.0
        var sumOfSquares = 0.0

        mutating func add(_ other: Sums) {
            count += other.count
            sum += other.sum
            sumOfSquares += other.sumOfSquares
        }
    }

    private var days: [Int: Sums] = [:]

    public init() {}

    /// One signed error, in the discipline's unit, and when it was made.
    public mutating func add(_ error: Double, at timestamp: Date) {
        let day = ProgressPeriod.dayIndex(of: timestamp)
        days[day, default: Sums()].add(Sums(count: 1, sum: error, sumOfSquares: error * error))
    }

    /// Per period and the stretches; nil before the first error. Cheap: sums only.
    public var summary: DisciplineProgress? {
        guard let firstDay = days.keys.min(), let lastDay = days.keys.max() else { return nil }
        let period = ProgressPeriod.natural(firstDay: firstDay, lastDay: lastDay)
        var byPeriod: [Int: Sums] = [:]
        for (day, sums) in days { byPeriod[period.index(ofDay: day), default: Sums()].add(sums) }
        let counts = byPeriod.keys.sorted().map { (index: $0, trials: byPeriod[$0]?.count ?? 0) }
        func estimate(_ periods: ClosedRange<Int>) -> ProgressEstimate? {
            var pooled = Sums()
            var held = 0
            for (index, sums) in byPeriod where periods.contains(index) {
                pooled.add(sums)
                held += 1
            }
            return Self.spread(of: pooled, period: period, periods: periods, held: held)
        }
        let stretches = ProgressStretches.firstAndLatest(counts, enough: Self.enoughTrials)
        return DisciplineProgress(
            quantity: .spread, period: period,
            points: counts.filter { $0.trials >= Self.minimumTrials }.compactMap { estimate($0.index...$0.index) },
            first: stretches.flatMap { estimate($0.first) }, latest: stretches.flatMap { estimate($0.latest) },
            enoughTrials: Self.enoughTrials)
    }

    private static func spread(of sums: Sums, period: ProgressPeriod, periods: ClosedRange<Int>,
                               held: Int) -> ProgressEstimate? {
        guard sums.count >= 2 else { return nil }
        let n = Double(sums.count)
        let mean = sums.sum / n
        let variance = max(0, (sums.sumOfSquares - n * mean * mean) / (n - 1))
        // The unit is only a carrier here: the numbers come out as they went in.
        guard let summary = SignedErrorSummary<Cents>(
            count: sums.count, mean: mean, standardDeviation: variance.squareRoot()) else { return nil }
        return ProgressEstimate(start: period.start(of: periods.lowerBound), lastStart: period.start(of: periods.upperBound),
                                periods: held, value: summary.spread.value, lower: summary.spreadInterval.lowerBound.value,
                                upper: summary.spreadInterval.upperBound.value, trials: sums.count)
    }
}
