import Dispatch
import Foundation
import PeachCore
import PeachDisciplines
import Synchronization

/// Does "now" follow the listener? Simulated listeners whose threshold stands still, improves or declines, trained
/// as the app trains unison comparison (Kazez with measurement trials every 2nd trial, some of them lapse probes, the
/// notes of one octave), answers spread over their training days; the time-following model's "now" and trend (`ThresholdProgress`)
/// against the listener's threshold on the last training day, beside the pool of every answer.
enum HearingNowBenchmark {
    struct Listener: Sendable {
        var name: String
        var trainingDays: [Int]
        var answersPerDay: Int
        /// The lapse-free 75 % point on a (fractional) day since the first.
        var threshold: @Sendable (Double) -> Double
        /// The listener's slope (`SimulatedListener`'s b) and lapse rate.
        var slope = 1.0
        var lapseRate = 0.02
    }

    static func ramp(_ from: Double, _ to: Double, over days: Double) -> @Sendable (Double) -> Double {
        { day in from * pow(to / from, min(max(day / days, 0), 1)) }
    }

    static func threeDaysAWeek(_ weeks: Int) -> [Int] {
        (0..<weeks).flatMap { (week: Int) -> [Int] in [week * 7, week * 7 + 2, week * 7 + 4] }
    }

    static let listeners = [
        Listener(name: "stationary 8 c, 600 answers over 20 days", trainingDays: Array(0..<20), answersPerDay: 30,
                 threshold: { _ in 8 }),
        Listener(name: "improving 35 → 9 c over 8 weeks (3 days a week)", trainingDays: threeDaysAWeek(8),
                 answersPerDay: 60, threshold: ramp(35, 9, over: 53)),
        Listener(name: "declining 5 → 15 c over 4 weeks (3 days a week)", trainingDays: threeDaysAWeek(4),
                 answersPerDay: 60, threshold: ramp(5, 15, over: 25)),
        Listener(name: "20 → 8 c over six days", trainingDays: Array(0..<6), answersPerDay: 80,
                 threshold: ramp(20, 8, over: 5)),
    ]

    struct Outcome: Sendable {
        /// now's median over the truth, and its interval's upper / lower.
        var nowRatio = 1.0
        var nowWidth = 1.0
        var nowConclusive = true
        var nowCovered: Bool
        var pooledCovered: Bool
        /// ln(upper/lower) of now over that of the pool.
        var widthRatio: Double
        var trend: TrainingTrend?
    }

    /// Histories per listener, in both tables: 120 in the short run, 400 in the full one. On 40 a verdict turned on one or
    /// two histories (a count of 110 of 120 moves by ±3 from one seed set to another); PEACH_BENCH_HEARING_SEEDS=N
    /// explores with any number.
    static func seeds(short: Bool) -> Int { exploringSeeds ?? (short ? 120 : 400) }
    static let exploringSeeds = ProcessInfo.processInfo.environment["PEACH_BENCH_HEARING_SEEDS"].flatMap(Int.init)
    /// PEACH_BENCH_HEARING_SEED_OFFSET=N draws other histories (seeds from N on) to check a choice made on the usual ones.
    static let seedOffset = ProcessInfo.processInfo.environment["PEACH_BENCH_HEARING_SEED_OFFSET"].flatMap(Int.init) ?? 0

    static func run(report: BenchReport, short: Bool) {
        let seeds = seeds(short: short)
        var rows: [[String]] = []
        for (index, listener) in listeners.enumerated() {
            let outcomes = Mutex([Outcome]())
            DispatchQueue.concurrentPerform(iterations: seeds) { seed in
                var random = SeededGenerator(seed: UInt64(index * 1_000 + seed + seedOffset + 1) &* 2_654_435_761)
                let outcome = simulate(listener, random: &random)
                outcomes.withLock { $0.append(outcome) }
            }
            let all = outcomes.withLock { $0 }
            rows.append(row(listener, all, report: report))
        }
        report.table("hearing-now", "now against the pool of every answer (\(seeds) seeds each; truth: the threshold on the last training day)",
                     header: ["listener", "now covers", "pool covers", "log-width now/pool"] + TrainingTrend.allCases.map(\.rawValue)
                        + ["goals"],
                     rows: rows,
                     footnotes: ["goals: now covers ≥ 93 % in every case; stationary: log-width ≤ 1.3 × the pool's, stable in ≥ 95 %;"
                                 + " 20 → 8 c: improving in ≥ 75 %"])
    }

    private static func row(_ listener: Listener, _ all: [Outcome], report: BenchReport) -> [String] {
        let share = { (test: (Outcome) -> Bool) in Double(all.filter(test).count) / Double(all.count) * 100 }
        let now = share(\.nowCovered), pooled = share(\.pooledCovered)
        let width = percentile(all.map(\.widthRatio), 50)
        let counts = TrainingTrend.allCases.map { trend in all.filter { $0.trend == trend }.count }
        var verdicts = HearingNowVerdicts(listener.name, report: report)
        verdicts.judge("now's 95 % interval covers the current threshold", now, "%", goal: "≥ 93 %", met: now >= 93,
              note: "the pool of every answer covers it in \(BenchReport.format(pooled)) %")
        if listener.name.hasPrefix("stationary") {
            verdicts.judge("median log-width of now over the pool's", width, "x", goal: "≤ 1.3", met: width <= 1.3)
            let stable = share { $0.trend == .stable }
            verdicts.judge("trend reads stable", stable, "%", goal: "≥ 95 %", met: stable >= 95)
        }
        if listener.name.hasPrefix("20 → 8") {
            let improving = share { $0.trend == .improving }
            verdicts.judge("trend reads improving", improving, "%", goal: "≥ 75 %", met: improving >= 75)
        }
        return [listener.name, BenchReport.format(now) + " %", BenchReport.format(pooled) + " %",
                BenchReport.format(width)] + counts.map { "\($0)/\(all.count)" }
            + [verdicts.column]
    }

    /// One listener's training, then the model's now and trend and the pool.
    static func simulate(_ listener: Listener, random: inout SeededGenerator) -> Outcome {
        var progress = ThresholdProgress(grid: ThresholdEstimatorBenchmark.grid)
        var pooled = PooledThresholds(grid: ThresholdEstimatorBenchmark.grid)
        var planner = MeasurementTrialPlanner.simulated()
        // 18:00 UTC on a day: a day's answers never cross midnight.
        let start = Date(timeIntervalSince1970: 20_000 * 86_400 + 64_800)
        for day in listener.trainingDays {
            // The app solves now at every answer; solved once a training day here (now alone, from the forward passes),
            // with the day's answers multiplied in.
            progress.refreshNow()
            let level = PlacementLevel(pooled: pooled, now: progress.nowMasses)
            var today = ThresholdLikelihood(grid: ThresholdEstimatorBenchmark.grid)
            for answer in 0..<listener.answersPerDay {
                let note = MIDINote(Int.random(in: 60...71, using: &random))!
                let difference = planner.simulatedDifference(on: note, pooled: pooled, level: level, since: today)
                let time = Double(day) + Double(answer) / Double(listener.answersPerDay) / 48
                let simulated = SimulatedListener(threshold: Cents(listener.threshold(time)), slope: listener.slope,
                                                  lapseRate: listener.lapseRate)
                let correct = simulated.answersCorrectly(difference, using: &random)
                let timestamp = start.addingTimeInterval(time * 86_400)
                pooled.add(note: note, difference: difference, correct: correct)
                today.add(difference: difference, correct: correct)
                progress.add(ThresholdTrial(note: note, difference: difference, correct: correct), at: timestamp)
                planner.record(CompletedComparison(comparison: Comparison(referenceNote: note, centOffset: difference),
                                                   answeredHigher: correct, timestamp: timestamp))
            }
        }
        progress.refresh()
        let truth = listener.threshold(Double(listener.trainingDays.last ?? 0) + 0.01)
        let summary = progress.summary!, now = summary.latest!, overall = pooled.overall!
        return Outcome(nowRatio: now.value / truth, nowWidth: now.upper / now.lower, nowConclusive: now.isConclusive,
                       nowCovered: now.lower <= truth && truth <= now.upper, pooledCovered: overall.contains(Cents(truth)),
                       widthRatio: log(now.upper / now.lower) / log(overall.intervalRatio), trend: summary.trend)
    }
}
