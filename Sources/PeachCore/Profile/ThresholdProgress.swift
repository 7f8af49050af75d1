import Foundation

/// The threshold over time: one discipline's answers by UTC day, estimated per day or per week (each period on
/// its own answers, so a period's interval says what that period alone shows), and the first and latest stretch
/// with enough answers (`ProgressStretches`), whose intervals give the trend.
///
/// Estimates are kept between answers: `refresh()` re-estimates only the periods and stretches that gained answers,
/// so a live answer costs a few posteriors, not one per day of the history.
public struct ThresholdProgress: Sendable {
    /// A period's answers need at least this many to be shown (fewer say nothing: the interval is the grid).
    public static let minimumTrials = 20
    /// A stretch compared for the trend pools neighbouring periods until it holds this many answers and, where the
    /// history is long enough for two such stretches, until its threshold is known within `preciseRatio` (upper /
    /// lower of its 95 % interval): staircase answers are weakly informative, and two stretches of 60 can have
    /// intervals so wide that even a clear change reads "no clear change".
    public static let enoughTrials = 60
    public static let preciseRatio = 3.0

    private struct Counts {
        var correct = 0
        var wrong = 0
    }

    private struct StretchKey: Hashable {
        var period: ProgressPeriod
        var periods: ClosedRange<Int>
    }

    /// Per UTC day, the answers at each lattice difference: a long history costs a few counts per day, not a
    /// trial each, and a period's estimate reads only its own days.
    private var days: [Int: [Int: Counts]] = [:]
    private var trialsByDay: [Int: Int] = [:]
    private var changedDays: Set<Int> = []
    private var periodEstimates: [ProgressPeriod: [Int: ProgressEstimate]] = [:]
    private var stretchEstimates: [StretchKey: ProgressEstimate] = [:]
    /// As of the last `refresh()`; nil before the first answer.
    public private(set) var summary: DisciplineProgress?

    public init() {}

    /// One answer: when it was given, and the difference heard (`ThresholdTrial`). Call `refresh()` before reading.
    public mutating func add(_ trial: ThresholdTrial, at timestamp: Date) {
        let day = ProgressPeriod.dayIndex(of: timestamp)
        let lattice = ThresholdGrid.standard.latticeIndex(of: trial.difference)
        if trial.correct {
            days[day, default: [:]][lattice, default: Counts()].correct += 1
        } else {
            days[day, default: [:]][lattice, default: Counts()].wrong += 1
        }
        trialsByDay[day, default: 0] += 1
        changedDays.insert(day)
    }

    /// Re-estimates what the answers since the last refresh changed, and the summary.
    public mutating func refresh() {
        guard !changedDays.isEmpty, let firstDay = trialsByDay.keys.min(), let lastDay = trialsByDay.keys.max() else { return }
        let period = ProgressPeriod.natural(firstDay: firstDay, lastDay: lastDay)
        let changed = Set(changedDays.map(period.index(ofDay:)))
        changedDays = []
        let counts = trialCounts(per: period)
        var cached = periodEstimates[period] ?? [:]
        for (index, trials) in counts where changed.contains(index) || cached[index] == nil {
            cached[index] = trials >= Self.minimumTrials ? estimate(period, index...index) : nil
        }
        periodEstimates[period] = cached
        stretchEstimates = stretchEstimates.filter { key, _ in !key.periods.contains { changed.contains($0) } }
        let stretches = ProgressStretches.firstAndLatest(counts) { periods, trials in
            trials >= Self.enoughTrials && stretch(period, periods).intervalRatio <= Self.preciseRatio
        } ?? ProgressStretches.firstAndLatest(counts, enough: Self.enoughTrials)
        summary = DisciplineProgress(
            quantity: .threshold, period: period, points: counts.compactMap { cached[$0.index] },
            first: stretches.map { stretch(period, $0.first) }, latest: stretches.map { stretch(period, $0.latest) },
            enoughTrials: Self.enoughTrials)
    }

    /// Period indices with answers and their answer counts, oldest first.
    private func trialCounts(per period: ProgressPeriod) -> [(index: Int, trials: Int)] {
        var counts: [Int: Int] = [:]
        for (day, trials) in trialsByDay { counts[period.index(ofDay: day), default: 0] += trials }
        return counts.keys.sorted().map { (index: $0, trials: counts[$0] ?? 0) }
    }

    private mutating func stretch(_ period: ProgressPeriod, _ periods: ClosedRange<Int>) -> ProgressEstimate {
        let key = StretchKey(period: period, periods: periods)
        if let known = stretchEstimates[key] { return known }
        let estimate = estimate(period, periods)
        stretchEstimates[key] = estimate
        return estimate
    }

    /// The threshold of the answers in `periods` alone.
    private func estimate(_ period: ProgressPeriod, _ periods: ClosedRange<Int>) -> ProgressEstimate {
        var likelihood = ThresholdLikelihood()
        var held = Set<Int>()
        for day in (periods.lowerBound * period.days)..<((periods.upperBound + 1) * period.days) {
            guard let answers = days[day] else { continue }
            held.insert(period.index(ofDay: day))
            for (lattice, counts) in answers {
                likelihood.add(differenceIndex: lattice, correct: counts.correct, wrong: counts.wrong)
            }
        }
        let threshold = likelihood.posterior.estimate
        return ProgressEstimate(start: period.start(of: periods.lowerBound), lastStart: period.start(of: periods.upperBound),
                                periods: held.count, value: threshold.median.value, lower: threshold.lower.value,
                                upper: threshold.upper.value, trials: likelihood.trials)
    }
}
