import Dispatch
import Foundation
import PeachCore
import Synchronization

/// Held-out drifting listeners: families the model was not tuned on (a step after a break, a decline after a layoff,
/// improvement then a plateau, a steep slow improver, heavy lapses, a sparse beginner, a fast learner, a short
/// stationary history), each trained as `HearingNowBenchmark` trains, with its own schedule, slope, lapse rate and
/// answers a day. Per family: how often now covers the threshold on the last training day, the median of now over
/// that truth, now's median interval (upper / lower), and the trend's words.
enum HearingNowFamilies {
    typealias Listener = HearingNowBenchmark.Listener

    struct Family: Sendable {
        var listener: Listener
        /// The trend the listener's change should read, and in how many seeds at least (share).
        var expected: TrainingTrend
        var expectedShare: Double
    }

    static func daily(_ days: Range<Int>) -> [Int] { Array(days) }
    static func step(_ before: Double, _ after: Double, at day: Double) -> @Sendable (Double) -> Double {
        { $0 < day ? before : after }
    }

    static let families: [Family] = [
        Family(listener: Listener(name: "step 30 → 10 c after a 3-week break", trainingDays: daily(0..<5) + daily(26..<30),
                                  answersPerDay: 30, threshold: step(30, 10, at: 20)), expected: .improving, expectedShare: 0.75),
        Family(listener: Listener(name: "decline 6 → 14 c after a 2-month layoff", trainingDays: daily(0..<8) + daily(70..<75),
                                  answersPerDay: 30, threshold: step(6, 14, at: 40)), expected: .declining, expectedShare: 0.75),
        Family(listener: Listener(name: "improves 30 → 10 c in 10 days, then holds 10 days", trainingDays: daily(0..<20),
                                  answersPerDay: 40, threshold: HearingNowBenchmark.ramp(30, 10, over: 10)),
               expected: .improving, expectedShare: 0.75),
        Family(listener: Listener(name: "slow steep improver 12 → 8 c over 5 weeks, b = 2.5",
                                  trainingDays: HearingNowBenchmark.threeDaysAWeek(5), answersPerDay: 40,
                                  threshold: HearingNowBenchmark.ramp(12, 8, over: 33), slope: 2.5),
               expected: .improving, expectedShare: 0),
        Family(listener: Listener(name: "stationary 8 c, 16 % lapses (8 % wrong), 20 days", trainingDays: daily(0..<20),
                                  answersPerDay: 40, threshold: { _ in 8 }, lapseRate: 0.16),
               expected: .stable, expectedShare: 0.9),
        Family(listener: Listener(name: "sparse beginner 40 c, 2 days a week, 30 answers", trainingDays: [0, 4, 7, 11, 14, 18, 21, 25],
                                  answersPerDay: 30, threshold: { _ in 40 }), expected: .stable, expectedShare: 0.95),
        Family(listener: Listener(name: "fast learner 40 → 8 c over two weeks", trainingDays: daily(0..<14), answersPerDay: 25,
                                  threshold: HearingNowBenchmark.ramp(40, 8, over: 13)), expected: .improving, expectedShare: 0.75),
        Family(listener: Listener(name: "stationary 8 c, 300 answers over 4 days", trainingDays: daily(0..<4), answersPerDay: 75,
                                  threshold: { _ in 8 }), expected: .stable, expectedShare: 0.95),
    ]

    static func run(report: BenchReport, short: Bool) {
        let seeds = HearingNowBenchmark.seeds(short: short)
        var rows: [[String]] = []
        for (index, family) in families.enumerated() {
            let outcomes = Mutex([HearingNowBenchmark.Outcome]())
            DispatchQueue.concurrentPerform(iterations: seeds) { seed in
                var random = SeededGenerator(seed: UInt64(50_000 + index * 1_000 + seed + HearingNowBenchmark.seedOffset) &* 2_862_933_555_777_941_757)
                let outcome = HearingNowBenchmark.simulate(family.listener, random: &random)
                outcomes.withLock { $0.append(outcome) }
            }
            rows.append(row(family, outcomes.withLock { $0 }, report: report))
        }
        report.table("hearing-now", "held-out drifting listeners (\(seeds) seeds each; truth: the threshold on the last training day)",
                     header: ["family", "now covers", "median now/truth", "median now ×", "inconclusive"]
                        + TrainingTrend.allCases.map(\.rawValue) + ["goals"],
                     rows: rows,
                     footnotes: ["goals: now covers ≥ 90 % and its median lies within 0.8–1.25 × the truth in every family;"
                                 + " the expected trend in ≥ 75 % (stable: ≥ 95 %, ≥ 90 % with heavy lapses);"
                                 + " no inconclusive now over 300 answers on 3 or more training days"])
    }

    private static func row(_ family: Family, _ all: [HearingNowBenchmark.Outcome], report: BenchReport) -> [String] {
        let name = family.listener.name
        let share = { (test: (HearingNowBenchmark.Outcome) -> Bool) in Double(all.filter(test).count) / Double(all.count) }
        let covered = share(\.nowCovered) * 100, ratio = percentile(all.map(\.nowRatio), 50)
        let inconclusive = all.filter { !$0.nowConclusive }.count
        var verdicts = HearingNowVerdicts(name, report: report)
        verdicts.judge("now covers the current threshold", covered, "%", goal: "≥ 90 %", met: covered >= 90)
        verdicts.judge("median now / truth", ratio, "x", goal: "0.8–1.25", met: (0.8...1.25).contains(ratio))
        let answers = family.listener.answersPerDay * family.listener.trainingDays.count
        if answers >= 300 && family.listener.trainingDays.count >= 3 {
            verdicts.judge("now inconclusive", Double(inconclusive), "of \(all.count)", goal: "0", met: inconclusive == 0)
        }
        if family.expectedShare > 0 {
            let read = share { $0.trend == family.expected } * 100
            verdicts.judge("reads \(family.expected.rawValue)", read, "%", goal: "≥ \(Int(family.expectedShare * 100)) %",
                  met: read >= family.expectedShare * 100)
        }
        let counts = TrainingTrend.allCases.map { trend in all.filter { $0.trend == trend }.count }
        return [name, BenchReport.format(covered) + " %", BenchReport.format(ratio),
                BenchReport.format(percentile(all.map(\.nowWidth), 50)), "\(inconclusive)"] + counts.map { "\($0)/\(all.count)" }
            + [verdicts.column]
    }
}
