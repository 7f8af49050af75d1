import Foundation

/// The threshold over time: one discipline's answers by UTC day, followed through time by `DriftingLevel` (ln T a
/// random walk from one day or week to the next, its rate learned from the answers, the slope shared by all of
/// them), which gives now, the smoothed path and the trend (`DisciplineProgress`).
///
/// Each training day's likelihood is kept between answers: `refresh()` recomputes only the days that gained
/// answers, then solves the model again (one step per training day), resuming the forward passes from the earliest
/// day that changed (`DriftingLevel.Cache`).
public struct ThresholdProgress: Sendable {
    /// Answers in all before a trend is read.
    public static let enoughTrials = 60
    /// Slopes whose pooled evidence is this many nats under the best one's cannot matter to the mixture.
    static let pairCutoff = 12.0

    private struct Counts {
        var correct = 0
        var wrong = 0
    }

    /// Per UTC day, the answers at each lattice difference: a long history costs a few counts per day, not a
    /// trial each, and a period's likelihood reads only its own days.
    private var days: [Int: [Int: Counts]] = [:]
    /// The days that gained answers since the last `refresh()`, and since the last solve of either kind.
    private var changedDays: Set<Int> = []
    private var changedSinceSolve: Set<Int> = []
    /// Each training day's likelihood, the model's steps; recomputed only for the days that gained answers.
    private var dayLikelihoods: [Int: ThresholdLikelihood] = [:]
    /// The last solve's forward passes: a live answer on the latest day re-filters that day alone.
    private var solved = DriftingLevel.Cache()
    /// As of the last `refresh()`; nil before the first answer.
    public private(set) var summary: DisciplineProgress?
    /// The level's masses on the latest training day given every answer (`DriftingLevel.Solution.now`), on the
    /// grid's thresholds; nil before the first answer.
    public private(set) var nowMasses: [Double]?
    /// The thresholds, slopes and lapse rates the level is followed on (`ThresholdGrid.lapseProbed` where training
    /// plays lapse probes).
    public let grid: ThresholdGrid

    public init(grid: ThresholdGrid = .standard) {
        self.grid = grid
    }

    /// One answer: when it was given, and the difference heard (`ThresholdTrial`). Call `refresh()` before reading.
    public mutating func add(_ trial: ThresholdTrial, at timestamp: Date) {
        let day = ProgressPeriod.dayIndex(of: timestamp)
        let lattice = grid.latticeIndex(of: trial.difference)
        if trial.correct {
            days[day, default: [:]][lattice, default: Counts()].correct += 1
        } else {
            days[day, default: [:]][lattice, default: Counts()].wrong += 1
        }
        changedDays.insert(day)
        changedSinceSolve.insert(day)
    }

    /// Re-estimates what the answers since the last refresh changed, and the summary.
    public mutating func refresh() {
        guard !changedDays.isEmpty, let firstDay = days.keys.min(), let lastDay = days.keys.max(),
              let earliestChange = changedDays.min() else { return }
        let sorted = updatedDays()
        changedDays = []
        changedSinceSolve = []
        let period = ProgressPeriod.natural(firstDay: firstDay, lastDay: lastDay)
        // The training days before the earliest one that changed are the steps the last solve already filtered.
        let unchanged = sorted.firstIndex { $0.key >= earliestChange } ?? sorted.count
        (summary, nowMasses) = Self.progress(sorted, period: period, grid: grid, cache: &solved, unchanged: unchanged)
    }

    /// Only `nowMasses`, from the forward passes (no summary, path or trend): for a simulation that places trials on
    /// the level now without paying for the rest. `summary` stays as the last `refresh()` left it, and the next
    /// `refresh()` still re-solves from the earliest day changed since then (the trend's walks were not taken here).
    public mutating func refreshNow() {
        guard let earliestChange = changedSinceSolve.min() else { return }
        let sorted = updatedDays()
        changedSinceSolve = []
        let unchanged = sorted.firstIndex { $0.key >= earliestChange } ?? sorted.count
        nowMasses = DriftingLevel.now(Self.steps(sorted), pairs: Self.likelyPairs(sorted.map(\.value), grid: grid),
                                      grid: Self.levelGrid(grid), cache: &solved, unchanged: unchanged)
    }

    /// The training days oldest first, each day that gained answers since the last solve re-read.
    private mutating func updatedDays() -> [(key: Int, value: ThresholdLikelihood)] {
        for day in changedSinceSolve { dayLikelihoods[day] = likelihood(ofDay: day) }
        return dayLikelihoods.sorted { $0.key < $1.key }
    }

    /// The answers of one day alone.
    private func likelihood(ofDay day: Int) -> ThresholdLikelihood {
        var likelihood = ThresholdLikelihood(grid: grid)
        for (lattice, counts) in days[day] ?? [:] {
            likelihood.add(differenceIndex: lattice, correct: counts.correct, wrong: counts.wrong)
        }
        return likelihood
    }

    /// The model solved over the training days (oldest first), shown per `period`: each period's point is the
    /// level on its last training day, given every answer.
    private static func progress(_ days: [(key: Int, value: ThresholdLikelihood)], period: ProgressPeriod,
                                 grid: ThresholdGrid, cache: inout DriftingLevel.Cache, unchanged: Int) -> (DisciplineProgress, [Double]) {
        let solution = DriftingLevel.solve(steps(days), pairs: likelyPairs(days.map(\.value), grid: grid),
                                           grid: levelGrid(grid), cache: &cache, unchanged: unchanged)
        return (DisciplineProgress(quantity: .threshold, period: period, days: days.map { ($0.key, $0.value.trials) },
                                   solution: solution, firstLog: grid.logThresholds[0], logStep: grid.logStep,
                                   enoughTrials: enoughTrials), solution.now)
    }

    private static func steps(_ days: [(key: Int, value: ThresholdLikelihood)]) -> [DriftingLevel.Step] {
        days.map { DriftingLevel.Step(day: $0.key, logLikelihood: $0.value.logLikelihood) }
    }

    private static func levelGrid(_ grid: ThresholdGrid) -> DriftingLevel.Grid {
        DriftingLevel.Grid(levelCount: grid.thresholdCount, logStep: grid.logStep, logPairPrior: grid.logPairPrior)
    }

    /// The (λ, β) pairs whose evidence over every answer, pooled, is within `pairCutoff` of the best: the others
    /// would carry no weight in any component.
    static func likelyPairs(_ periods: [ThresholdLikelihood], grid: ThresholdGrid) -> [Int] {
        var pooled = ThresholdLikelihood(grid: grid)
        for period in periods { pooled.add(period) }
        let n = grid.thresholdCount
        let evidence = (0..<grid.pairCount).map { pair in
            let cells = pooled.logLikelihood[(pair * n)..<((pair + 1) * n)]
            let peak = cells.max() ?? 0
            return grid.logPairPrior[pair] + peak + log(cells.reduce(0) { $0 + exp($1 - peak) })
        }
        let best = evidence.max() ?? 0
        return evidence.indices.filter { evidence[$0] >= best - pairCutoff }
    }
}
