import Dispatch
import Foundation
import PeachCore
import PeachDisciplines
import Synchronization

/// The threshold test as the app runs it: until its 95 % interval reaches ×2.5 (upper / lower) or 150 trials, cold and
/// after 300 training trials (warm), over the same simulated listener cells as the fixed-length figures. Per cell: the
/// median number of trials, coverage at the stop (optional stopping must not break it), and the information bound's
/// number of trials for ×2.5 at that listener (slope unknown under log10 β ~ N(log10 1.3, 0.25) (docs/threshold-estimator.md), best one- or two-point design).
enum ThresholdTestStopSimulation {
    static let stopRule = ThresholdTestStopRule.standard
    /// The drifting listener's threshold falls by this fraction over the longest possible test (the cap).
    static let drift = ThresholdEstimatorBenchmark.drift

    /// How the test starts: cold, warm (after training), or the oracle reference: every trial at the information
    /// bound's own best design for the listener, placed knowing T (no app can), analysed by the cold posterior
    /// with the same stop rule. It shows whether the bound's figure is reachable by the posterior it bounds.
    enum Start: String, CaseIterable, Sendable {
        case cold, warm
        case oracle = "oracle at the bound's design (knows T)"
    }

    struct Outcome: Sendable {
        var trials: Int
        var covered: Bool
        var reached: Bool
        var ratio: Double
        var error: Double
    }

    /// One cell's runs and its bound.
    struct CellResult {
        var cell: ThresholdEstimatorBenchmark.Cell
        var outcomes: [Outcome]
        var bound: Int?

        var medianTrials: Double { percentile(outcomes.map { Double($0.trials) }, 50) }
        var coverage: Double { Double(outcomes.filter(\.covered).count) / Double(max(outcomes.count, 1)) * 100 }
        var reached: Double { Double(outcomes.filter(\.reached).count) / Double(max(outcomes.count, 1)) * 100 }
        /// Coverage of the runs that stopped at the precision, and of those the cap stopped: optional stopping shows
        /// as a difference between the two (the runs stopped early are those whose interval came out narrow).
        var coverageBySide: String {
            func coverage(_ runs: [Outcome]) -> String {
                runs.isEmpty ? "none" : BenchReport.format(Double(runs.filter(\.covered).count) / Double(runs.count) * 100) + " %"
            }
            return "coverage of the runs that reached ×2.5 \(coverage(outcomes.filter(\.reached))), of those at the cap "
                + coverage(outcomes.filter { !$0.reached })
        }
    }

    static func run(report: BenchReport, short: Bool) {
        let runs = ProcessInfo.processInfo.environment["PEACH_BENCH_STOP_RUNS"].flatMap(Int.init) ?? (short ? 40 : 400)
        let bounds = boundsByListener()
        let reference = InformationLimit.model(slope: 1.23, lapse: 0.02).trialsToReach(ratio: stopRule.precision!)
        report.add("threshold", "information bound: trials for ×2.5, the model's shape at β 1.23, λ 0.02, slope unknown",
                   reference.map(Double.init), "trials", note: "best one- or two-point design, issue's slope prior")
        for start in Start.allCases {
            var results: [CellResult] = []
            for (index, cell) in ThresholdEstimatorBenchmark.cells.enumerated() {
                let seed: UInt64 = switch start {
                case .cold, .warm: UInt64(7000 + index * 2 + (start == .warm ? 1 : 0))
                case .oracle: UInt64(17000 + index)
                }
                let outcomes = simulate(cell: cell, start: start, runs: runs, seed: seed)
                results.append(CellResult(cell: cell, outcomes: outcomes, bound: bounds[key(cell)] ?? nil))
            }
            reportCells(results, start: start, report: report)
            reportSummary(results, start: start, runs: runs, report: report)
        }
    }

    // MARK: Report

    static func reportCells(_ results: [CellResult], start: Start, report: BenchReport) {
        for result in results {
            report.add("threshold", "test to ×2.5, \(start.rawValue), \(result.cell.label): median trials", result.medianTrials,
                       "trials", goal: "93–97 % coverage", met: (93...97).contains(result.coverage.rounded()),
                       anchor: "bound \(result.bound.map(String.init) ?? "beyond 2000") trials",
                       note: "coverage \(BenchReport.format(result.coverage)) %, reached ×2.5 \(BenchReport.format(result.reached)) %, "
                           + "median ratio \(BenchReport.format(percentile(result.outcomes.map(\.ratio), 50))), median error "
                           + "\(BenchReport.format(percentile(result.outcomes.map(\.error), 50) * 100)) %; "
                           + result.coverageBySide, printed: false)
        }
    }

    static func reportSummary(_ results: [CellResult], start: Start, runs: Int, report: BenchReport) {
        let all = results.flatMap(\.outcomes)
        let median = percentile(all.map { Double($0.trials) }, 50)
        let bound = percentile(results.compactMap { $0.bound.map(Double.init) }, 50)
        let coverage = Double(all.filter(\.covered).count) / Double(all.count) * 100
        print("threshold test to ×2.5 \(start.rawValue): median \(BenchReport.format(median)) trials (bound "
              + "\(BenchReport.format(bound))), coverage " + String(format: "%.1f", coverage) + " %")
        report.add("threshold", "test to ×2.5, \(start.rawValue), all cells: median trials", median, "trials",
                   goal: goal(start, bound: bound),
                   met: start == .cold ? median <= 1.35 * bound : nil, anchor: "median bound over the cells \(BenchReport.format(bound))",
                   note: "coverage \(BenchReport.format(coverage)) %", printed: false)
        let groups: [(String, (ThresholdEstimatorBenchmark.Cell) -> Bool)] = [
            ("b 0.7", { $0.slope == 0.7 && !$0.drifting }), ("b 1", { $0.slope == 1 && !$0.drifting }),
            ("b 1.5", { $0.slope == 1.5 && !$0.drifting }), ("b 1, drifting", { $0.drifting }),
        ]
        let rows = groups.map { name, member in row(name, results.filter { member($0.cell) }) }
        // With n runs a true 95 % coverage is measured within ±2 SE = ±2·√(0.95·0.05/n) about 95 % of the time.
        let noise = CoverageChance.noise(runs: runs)
        let under = results.filter { $0.coverage < 95 - CoverageChance.margin(runs: runs) }
        let over = results.filter { $0.coverage > 95 + CoverageChance.margin(runs: runs) }
        let worst = results.min { $0.coverage < $1.coverage }!
        report.table("threshold", "threshold test to ×2.5 (or 150 trials), \(start.rawValue), \(runs) runs per cell, "
                     + "medians over the listener cells of each group:",
                     header: ["listener", "trials", "bound", "trials/bound", "coverage", "cells 93-97 %", "reached", "ratio", "error"],
                     rows: rows,
                     footnotes: ["lowest coverage: \(worst.cell.label): \(BenchReport.format(worst.coverage)) %, "
                                 + "median \(BenchReport.format(worst.medianTrials)) trials (sampling noise ±"
                                 + "\(BenchReport.format(noise)) points per cell); \(worst.coverageBySide)",
                                 "under-covering beyond the noise: " + (under.isEmpty ? "none" : under.map {
                                     "\($0.cell.label) \(BenchReport.format($0.coverage)) %" }.joined(separator: "; "))
                                 + "; over-covering beyond it: \(over.count) cells"])
    }

    static func goal(_ start: Start, bound: Double) -> String? {
        switch start {
        case .cold: "≤ 1.35 × bound (\(BenchReport.format(1.35 * bound)))"
        case .warm: "clearly below cold"
        case .oracle: nil
        }
    }

    static func row(_ name: String, _ results: [CellResult]) -> [String] {
        let all = results.flatMap(\.outcomes)
        let trials = percentile(all.map { Double($0.trials) }, 50)
        let bound = percentile(results.compactMap { $0.bound.map(Double.init) }, 50)
        let coverage = Double(all.filter(\.covered).count) / Double(max(all.count, 1)) * 100
        let inRange = results.filter { (93...97).contains($0.coverage.rounded()) }.count
        let reached = Double(all.filter(\.reached).count) / Double(max(all.count, 1)) * 100
        return [name, BenchReport.format(trials), BenchReport.format(bound), String(format: "%.2f", trials / bound),
                String(format: "%.1f %%", coverage), "\(inRange) of \(results.count)", String(format: "%.0f %%", reached),
                String(format: "%.2f", percentile(all.map(\.ratio), 50)),
                String(format: "%.1f %%", percentile(all.map(\.error), 50) * 100)]
    }

    // MARK: Simulation

    static func key(_ cell: ThresholdEstimatorBenchmark.Cell) -> Double { cell.slope * 100 + cell.lapse }

    /// The bound per listener shape (slope, lapse): it does not depend on T (the design scales with it).
    static func boundsByListener() -> [Double: Int?] {
        var bounds: [Double: Int?] = [:]
        for cell in ThresholdEstimatorBenchmark.cells where bounds[key(cell)] == nil {
            bounds[key(cell)] = InformationLimit.listener(slope: cell.slope, lapse: cell.lapse)
                .trialsToReach(ratio: stopRule.precision!)
        }
        return bounds
    }

    /// The listener's threshold on a 1-based trial of the test; the drifting one falls linearly up to the cap.
    static func threshold(of cell: ThresholdEstimatorBenchmark.Cell, atTrial trial: Int) -> Double {
        guard cell.drifting else { return cell.threshold }
        return cell.threshold * (1 - drift * Double(trial - 1) / Double(stopRule.maximumTrials - 1))
    }

    static func simulate(cell: ThresholdEstimatorBenchmark.Cell, start: Start, runs: Int, seed: UInt64) -> [Outcome] {
        let results = Mutex([Outcome?](repeating: nil, count: runs))
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            var random = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(run) &* 7919)
            let outcome = simulateRun(cell: cell, start: start, random: &random)
            results.withLock { $0[run] = outcome }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    static func simulateRun(cell: ThresholdEstimatorBenchmark.Cell, start: Start, random: inout SeededGenerator) -> Outcome {
        func listener(atTrial trial: Int) -> SimulatedListener {
            SimulatedListener(threshold: Cents(threshold(of: cell, atTrial: trial)), slope: cell.slope, lapseRate: cell.lapse)
        }
        if start == .oracle { return simulateOracleRun(cell: cell, random: &random) }
        let prior = start == .warm
            ? ThresholdEstimatorBenchmark.train(listener: listener(atTrial: 1), random: &random).slopePrior : nil
        var test = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!, stopRule: stopRule,
                                          grid: ThresholdEstimatorBenchmark.grid,
                                          placementTarget: ThresholdEstimatorBenchmark.placementTarget, slopePrior: prior)
        let jointEvery = ProcessInfo.processInfo.environment["PEACH_BENCH_STOP_JOINT_EVERY"].flatMap(Int.init) ?? 0
        while !test.isComplete {
            let difference = jointEvery > 0 && (test.trialsDone + 1) % jointEvery == 0
                ? InformationGainPlacement.bestDifference(for: test.posterior, within: test.differenceBounds, target: .thresholdAndSlope)
                : test.nextDifference
            let correct = listener(atTrial: test.trialsDone + 1).answersCorrectly(difference, using: &random)
            test.record(difference: difference, correct: correct)
        }
        let truth = threshold(of: cell, atTrial: test.trialsDone)
        return Outcome(trials: test.trialsDone, covered: test.result.contains(Cents(truth)), reached: test.reachedPrecision,
                       ratio: test.result.intervalRatio, error: abs(test.result.median.value - truth) / truth)
    }

    /// The bound's best one- or two-point design for this listener (at the bound's own number of trials), per shape.
    static let oracleDesigns: [Double: InformationLimit.Design] = {
        var designs: [Double: InformationLimit.Design] = [:]
        for cell in ThresholdEstimatorBenchmark.cells where designs[key(cell)] == nil {
            let limit = InformationLimit.listener(slope: cell.slope, lapse: cell.lapse)
            let trials = limit.trialsToReach(ratio: stopRule.precision!) ?? stopRule.maximumTrials
            designs[key(cell)] = limit.unknownSlope(trials: trials)
        }
        return designs
    }()

    /// Every trial at the bound's design around the listener's true T, the cold posterior, the app's stop rule.
    static func simulateOracleRun(cell: ThresholdEstimatorBenchmark.Cell, random: inout SeededGenerator) -> Outcome {
        let design = oracleDesigns[key(cell)]!
        let bounds = ThresholdTestProcedure.defaultDifferenceBounds
        var posterior = ThresholdPosterior(grid: ThresholdEstimatorBenchmark.grid)
        var estimate = posterior.estimate
        var trial = 0
        while !stopRule.isComplete(estimate) {
            trial += 1
            let truth = threshold(of: cell, atTrial: trial)
            let difference = design.playableDifference(trial: trial, threshold: truth, within: bounds)
            let listener = SimulatedListener(threshold: Cents(truth), slope: cell.slope, lapseRate: cell.lapse)
            posterior.update(difference: difference, correct: listener.answersCorrectly(difference, using: &random))
            estimate = posterior.estimate
        }
        let truth = threshold(of: cell, atTrial: trial)
        return Outcome(trials: trial, covered: estimate.contains(Cents(truth)), reached: stopRule.isReached(by: estimate),
                       ratio: estimate.intervalRatio, error: abs(estimate.median.value - truth) / truth)
    }
}
