import Dispatch
import Foundation
import PeachCore
import PeachDisciplines
import Synchronization

/// Training histories without measurement trials (every imported iOS Peach history is Kazez-placed): how wide is
/// the reported 95 % interval against the narrowest any estimator could give from those very answers? The bound
/// is the Fisher information of the placed differences at the listener's true parameters (its own shape), about
/// (ln T, ln β), with the issue's slope prior as information about ln β: log-width 2 · 1.96 · SD(ln T).
enum KazezHistorySimulation {
    static let checkpoints = [80, 150, 300]
    static let bounds = ThresholdTestProcedure.defaultDifferenceBounds

    struct Outcome: Sendable {
        /// ln(upper / lower) of the reported interval over the bound's.
        var widthRatio: Double
        var reportedRatio: Double
        var boundRatio: Double
        var covered: Bool
    }

    static var cells: [ThresholdEstimatorBenchmark.Cell] { ThresholdEstimatorBenchmark.cells.filter { !$0.drifting } }

    /// PEACH_BENCH_HISTORY_PRIOR=listener (a diagnosis, not the app): the slope prior centred on each listener's own
    /// slope in the model's terms (β ≈ 1.237 · b: the Weibull whose slope at the 75 % point matches the listener's),
    /// same width, to see how much of the gap to the bound is the prescribed prior's centre (1.3).
    static func grid(for cell: ThresholdEstimatorBenchmark.Cell) -> ThresholdGrid {
        guard ProcessInfo.processInfo.environment["PEACH_BENCH_HISTORY_PRIOR"] == "listener" else {
            return ThresholdEstimatorBenchmark.grid
        }
        return ThresholdGrid(slopePriorMedian: 1.237 * cell.slope, fixedLapse: 0.02)
    }

    static func run(report: BenchReport, short: Bool) {
        let runs = ProcessInfo.processInfo.environment["PEACH_BENCH_HISTORY_RUNS"].flatMap(Int.init) ?? (short ? 40 : 300)
        var byCheckpoint: [Int: [(cell: ThresholdEstimatorBenchmark.Cell, outcomes: [Outcome])]] = [:]
        for (index, cell) in cells.enumerated() {
            let runsOutcomes = simulate(cell: cell, runs: runs, seed: UInt64(9000 + index))
            for checkpoint in checkpoints {
                let outcomes = runsOutcomes.map { $0[checkpoint]! }
                byCheckpoint[checkpoint, default: []].append((cell, outcomes))
                report.add("threshold", "Kazez-only history, \(cell.label), \(checkpoint) trials: reported log-width / bound",
                           percentile(outcomes.map(\.widthRatio), 50), "", goal: "≤ 1.3",
                           met: percentile(outcomes.map(\.widthRatio), 50) <= 1.3,
                           note: "coverage \(BenchReport.format(percentCovered(outcomes))) %, median reported ratio "
                               + "\(BenchReport.format(percentile(outcomes.map(\.reportedRatio), 50))), bound "
                               + "\(BenchReport.format(percentile(outcomes.map(\.boundRatio), 50)))", printed: false)
            }
        }
        reportTable(byCheckpoint, runs: runs, report: report)
    }

    static func percentCovered(_ outcomes: [Outcome]) -> Double {
        Double(outcomes.filter(\.covered).count) / Double(max(outcomes.count, 1)) * 100
    }

    static func reportTable(_ byCheckpoint: [Int: [(cell: ThresholdEstimatorBenchmark.Cell, outcomes: [Outcome])]],
                            runs: Int, report: BenchReport) {
        var rows: [[String]] = []
        var footnotes: [String] = []
        for checkpoint in checkpoints {
            let cellResults = byCheckpoint[checkpoint] ?? []
            for slope in ThresholdEstimatorBenchmark.slopes {
                let all = cellResults.filter { $0.cell.slope == slope }.flatMap(\.outcomes)
                rows.append(["\(checkpoint)", "b \(BenchReport.format(slope))",
                             String(format: "%.2f", percentile(all.map(\.widthRatio), 50)),
                             String(format: "%.2f", percentile(all.map(\.reportedRatio), 50)),
                             String(format: "%.2f", percentile(all.map(\.boundRatio), 50)),
                             String(format: "%.1f %%", percentCovered(all))])
            }
            let all = cellResults.flatMap(\.outcomes)
            let widthRatio = percentile(all.map(\.widthRatio), 50)
            report.add("threshold", "Kazez-only history, all cells, \(checkpoint) trials: reported log-width / bound", widthRatio, "",
                       goal: "≤ 1.3", met: widthRatio <= 1.3, note: "coverage \(BenchReport.format(percentCovered(all))) %",
                       printed: false)
            let worst = cellResults.max {
                percentile($0.outcomes.map(\.widthRatio), 50) < percentile($1.outcomes.map(\.widthRatio), 50)
            }!
            let lowest = cellResults.min { percentCovered($0.outcomes) < percentCovered($1.outcomes) }!
            footnotes.append("\(checkpoint) trials, all cells: log-width / bound \(String(format: "%.2f", widthRatio)) "
                             + "(goal ≤ 1.3: \(widthRatio <= 1.3 ? "met" : "NOT met")), coverage "
                             + "\(String(format: "%.1f", percentCovered(all))) %; widest cell \(worst.cell.label) "
                             + String(format: "%.2f", percentile(worst.outcomes.map(\.widthRatio), 50))
                             + "; lowest coverage \(lowest.cell.label) \(BenchReport.format(percentCovered(lowest.outcomes))) %")
            footnotes.append("\(checkpoint) trials, by threshold: " + byThreshold(cellResults))
        }
        report.table("threshold", "Kazez-only histories (no measurement trials), fitted by the estimator, \(runs) runs per cell, "
                     + "the reported 95 % interval against the information bound of the same answers (medians):",
                     header: ["trials", "listener", "log-width / bound", "reported ratio", "bound ratio", "coverage"],
                     rows: rows, footnotes: footnotes)
    }

    /// Log-width / bound and coverage per listener threshold over all slopes and lapse rates: interval disciplines
    /// run the same chain into the same estimator, at the larger thresholds (15–40 c against unison's 2–5 c).
    static func byThreshold(_ cellResults: [(cell: ThresholdEstimatorBenchmark.Cell, outcomes: [Outcome])]) -> String {
        ThresholdEstimatorBenchmark.thresholds.map { threshold in
            let all = cellResults.filter { $0.cell.threshold == threshold }.flatMap(\.outcomes)
            return "T \(BenchReport.format(threshold)) c " + String(format: "%.2f", percentile(all.map(\.widthRatio), 50))
                + " (" + String(format: "%.1f", percentCovered(all)) + " %)"
        }.joined(separator: ", ") + " (interval disciplines train at the larger thresholds: same chain, same estimator)"
    }

    static func simulate(cell: ThresholdEstimatorBenchmark.Cell, runs: Int, seed: UInt64) -> [[Int: Outcome]] {
        let results = Mutex([[Int: Outcome]](repeating: [:], count: runs))
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            var random = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(run) &* 7919)
            let outcome = simulateRun(cell: cell, random: &random)
            results.withLock { $0[run] = outcome }
        }
        return results.withLock { $0 }
    }

    /// One Kazez chain from 100 c, fitted by the cold posterior, with the Fisher information of its differences summed.
    static func simulateRun(cell: ThresholdEstimatorBenchmark.Cell, random: inout SeededGenerator) -> [Int: Outcome] {
        let listener = SimulatedListener(threshold: Cents(cell.threshold), slope: cell.slope, lapseRate: cell.lapse)
        let probability = InformationLimit.listenerProbability(slope: cell.slope, lapse: cell.lapse)
        var posterior = ThresholdPosterior(grid: grid(for: cell))
        var information = (tt: 0.0, bb: InformationLimit.slopePriorInformation, tb: 0.0)
        var difference = KazezRule.initialDifference
        var outcomes: [Int: Outcome] = [:]
        for trial in 1...checkpoints.last! {
            let correct = listener.answersCorrectly(difference, using: &random)
            posterior.update(difference: difference, correct: correct)
            let one = InformationLimit.answerInformation(at: log(difference.value / cell.threshold), probability: probability)
            information = (information.tt + one.tt, information.bb + one.bb, information.tb + one.tb)
            difference = KazezRule.next(after: difference, wasCorrect: correct, within: bounds)
            guard checkpoints.contains(trial) else { continue }
            let estimate = posterior.estimate
            let determinant = information.tt * information.bb - information.tb * information.tb
            let boundWidth = 2 * 1.96 * (information.bb / determinant).squareRoot()
            let reportedWidth = log(estimate.intervalRatio)
            outcomes[trial] = Outcome(widthRatio: reportedWidth / boundWidth, reportedRatio: estimate.intervalRatio,
                                      boundRatio: exp(boundWidth), covered: estimate.contains(Cents(cell.threshold)))
        }
        return outcomes
    }
}
