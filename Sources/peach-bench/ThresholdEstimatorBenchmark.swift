import Dispatch
import Foundation
import PeachCore
import PeachDisciplines
import Synchronization

/// Benchmark 7: the psychometric threshold estimator (docs/threshold-estimator.md) against simulated
/// listeners whose shape is not the estimator's (normal-integral observer, slopes 0.7/1/1.5, lapses 0-4 %),
/// for Kazez alone (fitted by the estimator), Kazez with measurement trials, and the threshold test.
/// Then pooling across keyboard regions. The estimator's speed is `EstimatorSpeed` (host group: timed).
enum ThresholdEstimatorBenchmark {
    static let checkpoints = [30, 60, 80]
    static let slopes = [0.7, 1.0, 1.5]
    static let lapses = [0.0, 0.02, 0.04]
    static let thresholds = [2.0, 5.0, 15.0, 40.0]
    static let bounds = ThresholdTestProcedure.defaultDifferenceBounds
    /// The drifting listener's threshold falls by this fraction from the first to the last trial.
    static let drift = 0.25
    /// PEACH_BENCH_THRESHOLD_TARGET=joint places the threshold test's trials by the original Psi's joint (T, β) target.
    static let placementTarget: InformationGainPlacement.Target =
        ProcessInfo.processInfo.environment["PEACH_BENCH_THRESHOLD_TARGET"] == "joint" ? .thresholdAndSlope : .threshold
    /// The estimator's grid: unison comparison's, with the heavy lapse node its probes earn or refute;
    /// PEACH_BENCH_THRESHOLD_LAPSE=beta compares the lapse rate marginalised over Beta(1, 20), =fixed the fixed 0.02 alone.
    static let grid: ThresholdGrid = ["beta": ThresholdGrid.lapseMarginalised, "fixed": .standard][
        ProcessInfo.processInfo.environment["PEACH_BENCH_THRESHOLD_LAPSE"] ?? ""] ?? .lapseProbed

    /// Every `measurementPeriod`-th training trial is a measurement trial (PEACH_BENCH_MEASUREMENT_PERIOD).
    static let measurementPeriod = ProcessInfo.processInfo.environment["PEACH_BENCH_MEASUREMENT_PERIOD"].flatMap(Int.init)
        ?? MeasurementTrialPlanner.defaultPeriod
    /// PEACH_BENCH_MEASUREMENT_TARGET=joint places measurement trials by the joint (T, β) target.
    static let measurementTarget: InformationGainPlacement.Target =
        ProcessInfo.processInfo.environment["PEACH_BENCH_MEASUREMENT_TARGET"] == "joint" ? .thresholdAndSlope : .threshold
    /// Training (Kazez + measurement trials) before the warm threshold test (PEACH_BENCH_TRAINING_TRIALS).
    static let trainingTrials = ProcessInfo.processInfo.environment["PEACH_BENCH_TRAINING_TRIALS"].flatMap(Int.init) ?? 300

    enum Procedure: String, CaseIterable, Sendable {
        case kazez = "Kazez alone"
        case kazezWithMeasurements = "Kazez + measurement trials"
        case thresholdTest = "threshold test"
        /// The same test for a user who trained first: its slope prior is the training's shared slope posterior.
        case thresholdTestAfterTraining = "threshold test after training"
        /// What no placement can beat by much: trials placed knowing the listener's T and slope, cold posterior.
        case oracleOnePoint = "oracle placement, one point"
        case oracleTwoPoints = "oracle placement, two points around T"
    }

    struct Cell: Sendable {
        var threshold: Double
        var slope: Double
        var lapse: Double
        var drifting: Bool

        var label: String {
            "T \(BenchReport.format(threshold)) c, b \(BenchReport.format(slope)), lapses \(Int(lapse * 100)) %"
                + (drifting ? ", drifting −25 %" : "")
        }

        /// The listener's threshold on a 1-based trial (the drifting one falls linearly over the run).
        func threshold(atTrial trial: Int) -> Double {
            guard drifting else { return threshold }
            let last = ThresholdEstimatorBenchmark.checkpoints.last!
            return threshold * (1 - ThresholdEstimatorBenchmark.drift * Double(trial - 1) / Double(last - 1))
        }
    }

    /// One run's figures at one checkpoint.
    struct Outcome: Sendable {
        var error: Double
        var covered: Bool
        var ratio: Double
        var meanOfDifferencesError: Double
        var conclusive: Bool
    }

    static var cells: [Cell] {
        var cells: [Cell] = []
        for slope in slopes {
            for lapse in lapses {
                for threshold in thresholds { cells.append(Cell(threshold: threshold, slope: slope, lapse: lapse, drifting: false)) }
            }
        }
        for threshold in thresholds { cells.append(Cell(threshold: threshold, slope: 1, lapse: 0.02, drifting: true)) }
        return cells
    }

    static func run(report: BenchReport, short: Bool) {
        let environment = ProcessInfo.processInfo.environment
        // Overrides for exploring: fewer runs, or some procedures ("kazez,measured,test,trained,oracle1,oracle2").
        let runs = environment["PEACH_BENCH_THRESHOLD_RUNS"].flatMap(Int.init) ?? (short ? 60 : 1000)
        let chosen = environment["PEACH_BENCH_THRESHOLD_PROCEDURE"].map { $0.split(separator: ",").map(String.init) }
        // The oracles are references for the design (they know the listener; no goal is judged on them): the short
        // run, CI's, leaves them and their spread sweep to the full run.
        let procedures = Procedure.allCases.filter { procedure in chosen?.contains(procedure.key) ?? !(short && procedure.isOracle) }
        let started = Date()
        if short && chosen == nil {
            print("threshold | short run: the oracle placements (references that know the listener) are left to the full run")
        }
        reportCramerRao(report: report)
        prepareOracleDesigns()
        if procedures.contains(.oracleTwoPoints) { sweepOracleSpread(report: report, runs: max(runs / 5, 40)) }
        var all: [Procedure: [Int: [Outcome]]] = [:]
        var byCell: [Procedure: [Int: [(cell: Cell, coverage: Double)]]] = [:]
        var failingCells: [String] = []
        for (cellIndex, cell) in cells.enumerated() {
            for procedure in procedures {
                let outcomes = simulate(cell: cell, procedure: procedure, runs: runs, seed: UInt64(cellIndex * 10 + procedure.index))
                for checkpoint in checkpoints {
                    let sample = outcomes.map { $0[checkpoint]! }
                    all[procedure, default: [:]][checkpoint, default: []].append(contentsOf: sample)
                    let coverage = percentCovered(sample)
                    byCell[procedure, default: [:]][checkpoint, default: []].append((cell, coverage))
                    let met = (93...97).contains(coverage.rounded(.toNearestOrEven))
                    let beyondNoise = abs(coverage - 95) > CoverageChance.margin(runs: runs)
                    // The oracles are references (they know the listener), not procedures the app runs.
                    if !met && checkpoint >= 60 && !procedure.isOracle {
                        let side = coverage < 95 ? "under-covers" : "over-covers (conservative)"
                        failingCells.append("\(procedure.rawValue), \(cell.label), \(checkpoint) trials: \(BenchReport.format(coverage)) %, "
                                            + side + (beyondNoise ? ", beyond sampling noise" : ", within sampling noise"))
                    }
                    report.add("threshold", "\(procedure.rawValue), \(cell.label), after \(checkpoint) trials: 95 % interval coverage",
                               coverage, "%", goal: "93–97 %", met: met,
                               note: "median |est−true|/true \(BenchReport.format(percentile(sample.map(\.error), 50) * 100)) %, "
                                   + "median upper/lower \(BenchReport.format(percentile(sample.map(\.ratio), 50))), "
                                   + "conclusive \(BenchReport.format(percentConclusive(sample))) %, old mean of differences: "
                                   + "median error \(BenchReport.format(percentile(sample.map(\.meanOfDifferencesError), 50) * 100)) %",
                               printed: false)
                }
            }
        }
        reportSummary(all, report: report)
        reportTable(all, byCell: byCell, runs: runs, report: report)
        report.add("threshold", "cells whose coverage misses 93–97 % after 60 or 80 trials (the app's procedures)", Double(failingCells.count), "cells",
                   note: failingCells.isEmpty ? "none" : failingCells.joined(separator: "; "), printed: false)
        let underCovering = failingCells.filter { $0.contains("under-covers") && $0.contains("beyond") }
        if !procedures.isEmpty { reportUnderCovering(underCovering, procedures: procedures, runs: runs, report: report) }
        // Extra studies, chosen by the same variable: "stop" (the test to ×2.5), "history" (Kazez-only histories).
        if chosen?.contains("stop") ?? true { ThresholdTestStopSimulation.run(report: report, short: short) }
        if chosen?.contains("history") ?? true { KazezHistorySimulation.run(report: report, short: short) }
        PooledRegionsSimulation.run(report: report, short: short)
        report.add("threshold", "benchmark wall time (\(runs) runs per cell)", Date().timeIntervalSince(started), "s",
                   note: "release build, DispatchQueue.concurrentPerform over runs")
    }

    /// The cells more than max(2, 2 SE) points below 95 %, against how many chance alone flags among that many figures.
    static func reportUnderCovering(_ underCovering: [String], procedures: [Procedure], runs: Int, report: BenchReport) {
        let figures = procedures.filter { !$0.isOracle }.count * cells.count * checkpoints.filter { $0 >= 60 }.count
        let limit = CoverageChance.chanceLimit(figures: figures, runs: runs)
        let expected = Double(figures) * CoverageChance.flagProbability(runs: runs)
        report.add("threshold", "cells under-covering beyond sampling noise after 60 or 80 trials (the app's procedures; "
                   + "every miss is in the JSON)", Double(underCovering.count), "cells",
                   goal: "≤ \(limit), what chance alone reaches in 95 % of runs", met: underCovering.count <= limit,
                   note: "a cell is flagged more than \(BenchReport.format(CoverageChance.margin(runs: runs))) points below 95 % "
                       + "(±2 SE over \(runs) runs, at least 2); intervals covering exactly 95 % everywhere would flag about "
                       + "\(BenchReport.format(expected)) of these \(figures) figures"
                       + (underCovering.isEmpty ? "" : "; " + underCovering.joined(separator: "; ")))
    }

    // MARK: Summary and the Cramér–Rao reference

    static func reportSummary(_ all: [Procedure: [Int: [Outcome]]], report: BenchReport) {
        for procedure in Procedure.allCases {
            for checkpoint in checkpoints {
                guard let sample = all[procedure]?[checkpoint] else { continue }
                let error = percentile(sample.map(\.error), 50) * 100
                let coverage = percentCovered(sample)
                let ratio = percentile(sample.map(\.ratio), 50)
                let name = "ALL CELLS, \(procedure.rawValue), after \(checkpoint) trials"
                var errorGoal: String?, coverageGoal: String?, ratioGoal: String?
                var errorMet: Bool?, coverageMet: Bool?, ratioMet: Bool?
                if (procedure == .thresholdTest || procedure == .thresholdTestAfterTraining) && checkpoint == 60 {
                    errorGoal = "≤ 15 %"; errorMet = error <= 15
                    ratioGoal = "≤ 2.8"; ratioMet = ratio <= 2.8
                }
                if ((procedure == .thresholdTest || procedure == .thresholdTestAfterTraining) && checkpoint == 60)
                    || (procedure == .kazezWithMeasurements && checkpoint == 80) {
                    coverageGoal = "93–97 %"; coverageMet = (93...97).contains(coverage)
                }
                if procedure == .kazezWithMeasurements && checkpoint == 80 { ratioGoal = "≤ 3.5"; ratioMet = ratio <= 3.5 }
                report.add("threshold", "\(name): median |est−true|/true", error, "%", goal: errorGoal, met: errorMet,
                           anchor: "old mean of differences: \(BenchReport.format(percentile(sample.map(\.meanOfDifferencesError), 50) * 100)) %",
                           printed: false)
                report.add("threshold", "\(name): 95 % interval coverage", coverage, "%", goal: coverageGoal, met: coverageMet,
                           printed: false)
                report.add("threshold", "\(name): median interval ratio upper/lower", ratio, "", goal: ratioGoal, met: ratioMet,
                           anchor: checkpoint == 60 ? "Cramér–Rao ×\(BenchReport.format(cramerRaoRatio(trials: 60)))" : nil,
                           printed: false)
            }
        }
    }

    /// The printed summary: one row per procedure and trial count (the cells and these figures are in the JSON).
    static func reportTable(_ all: [Procedure: [Int: [Outcome]]], byCell: [Procedure: [Int: [(cell: Cell, coverage: Double)]]],
                            runs: Int, report: BenchReport) {
        var bounds: [Int: Double] = [:]
        for checkpoint in checkpoints {
            bounds[checkpoint] = percentile(cells.map {
                InformationLimit.listener(slope: $0.slope, lapse: $0.lapse).unknownSlope(trials: checkpoint).ratio
            }, 50)
        }
        var rows: [[String]] = []
        for procedure in Procedure.allCases {
            for checkpoint in checkpoints {
                guard let sample = all[procedure]?[checkpoint], let cellCoverages = byCell[procedure]?[checkpoint] else { continue }
                let lowest = cellCoverages.min { $0.coverage < $1.coverage }!
                let inRange = cellCoverages.filter { (93...97).contains($0.coverage.rounded()) }.count
                rows.append([procedure.rawValue, "\(checkpoint)",
                             String(format: "%.1f %%", percentile(sample.map(\.error), 50) * 100),
                             String(format: "%.1f %%", percentCovered(sample)),
                             String(format: "%.2f", percentile(sample.map(\.ratio), 50)),
                             String(format: "%.2f", bounds[checkpoint]!),
                             "\(inRange) of \(cellCoverages.count)",
                             "\(lowest.cell.label) \(BenchReport.format(lowest.coverage)) %"])
            }
        }
        guard !rows.isEmpty else { return }
        let noise = CoverageChance.noise(runs: runs)
        report.table("threshold", "fixed-length procedures, all \(cells.count) listener cells, \(runs) runs per cell (medians):",
                     header: ["procedure", "trials", "error", "coverage", "ratio", "bound", "cells 93-97 %", "lowest-coverage cell"],
                     rows: rows,
                     footnotes: ["bound: the information limit of the ratio with the slope unknown (log10 β ~ N(log10 1.3, 0.25), docs/threshold-estimator.md), median over the "
                                 + "cells' listeners; per-cell coverage sampling noise ±\(BenchReport.format(noise)) points"])
    }

    static func reportCramerRao(report: BenchReport) {
        report.add("threshold", "Cramér–Rao limit of the interval ratio, 60 trials", cramerRaoRatio(trials: 60), "",
                   note: "known β = 1.23, λ = 0.02, every trial at the most informative difference: exp(2 · 1.96 / √(60 · I_max))")
        let model = InformationLimit.model(slope: 1.23, lapse: 0.02)
        let unknown = model.unknownSlope(trials: 60)
        report.add("threshold", "Cramér–Rao limit of the interval ratio, 60 trials, β unknown (the slope prior)", unknown.ratio, "",
                   note: "β = 1.23, λ = 0.02, prior information about ln β only from log10 β ~ N(·, 0.25); best design: "
                       + "\(Int((unknown.weight * 100).rounded())) % of the trials at d/T = \(BenchReport.format(exp(unknown.x1))), "
                       + "the rest at \(BenchReport.format(exp(unknown.x2))) (known slope: all at "
                       + "\(BenchReport.format(exp(model.knownSlope(trials: 60).x1))))")
        for slope in slopes {
            let listener = InformationLimit.listener(slope: slope, lapse: 0.02)
            report.add("threshold", "information limit for the simulated listener b \(BenchReport.format(slope)), λ 2 %, 60 trials",
                       listener.unknownSlope(trials: 60).ratio, "",
                       note: "β unknown with the slope prior; known slope: \(BenchReport.format(listener.knownSlope(trials: 60).ratio))")
        }
    }

    /// The smallest 95 % interval ratio any unbiased estimator of ln T can reach: the Fisher information of one
    /// trial about ln T, maximised over the difference, for a known slope and lapse rate.
    static func cramerRaoRatio(trials: Int, slope: Double = 1.23, lapse: Double = 0.02) -> Double {
        var best = 0.0
        var logRatio = -4.0  // ln(d / T)
        while logRatio <= 4 {
            let u = M_LN2 * exp(slope * logRatio)
            let p = 0.5 + (0.5 - lapse) * (1 - exp(-u))
            let derivative = (0.5 - lapse) * exp(-u) * u * slope  // |dp / d ln T|
            best = max(best, derivative * derivative / (p * (1 - p)))
            logRatio += 0.001
        }
        return exp(2 * 1.96 / (Double(trials) * best).squareRoot())
    }

    static func percentCovered(_ sample: [Outcome]) -> Double {
        Double(sample.filter(\.covered).count) / Double(max(sample.count, 1)) * 100
    }

    static func percentConclusive(_ sample: [Outcome]) -> Double {
        Double(sample.filter(\.conclusive).count) / Double(max(sample.count, 1)) * 100
    }

    // MARK: Simulation

    /// `runs` seeded runs of one procedure against one listener, in parallel; per run the outcomes by checkpoint.
    static func simulate(cell: Cell, procedure: Procedure, runs: Int, seed: UInt64,
                         spread: Double? = nil) -> [[Int: Outcome]] {
        let results = Mutex([[Int: Outcome]](repeating: [:], count: runs))
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            var random = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(run) &* 7919)
            let outcome = simulateRun(cell: cell, procedure: procedure, random: &random, spread: spread)
            results.withLock { $0[run] = outcome }
        }
        return results.withLock { $0 }
    }

    /// - Parameter spread: the two-point oracle's ln(d / T) either side of T (nil: the one the sweep chose).
    static func simulateRun(cell: Cell, procedure: Procedure, random: inout SeededGenerator,
                            spread: Double? = nil) -> [Int: Outcome] {
        var run = SimulatedRun(cell: cell, procedure: procedure, random: &random, spread: spread)
        var sumOfDifferences = 0.0
        var outcomes: [Int: Outcome] = [:]
        for trial in 1...checkpoints.last! {
            let listener = SimulatedListener(threshold: Cents(cell.threshold(atTrial: trial)), slope: cell.slope,
                                             lapseRate: cell.lapse)
            let difference = run.nextDifference(trial: trial, cell: cell)
            let correct = listener.answersCorrectly(difference, using: &random)
            sumOfDifferences += difference.value
            run.record(difference: difference, correct: correct)
            if checkpoints.contains(trial) {
                let estimate = run.estimate
                let truth = cell.threshold(atTrial: trial)
                outcomes[trial] = Outcome(error: abs(estimate.median.value - truth) / truth,
                                          covered: estimate.contains(Cents(truth)), ratio: estimate.intervalRatio,
                                          meanOfDifferencesError: abs(sumOfDifferences / Double(trial) - truth) / truth,
                                          conclusive: estimate.isConclusive)
            }
        }
        return outcomes
    }

    /// `trainingTrials` of Kazez training with measurement trials on one note, as the app pools them.
    static func train(listener: SimulatedListener, random: inout SeededGenerator) -> PooledThresholds {
        var pooled = PooledThresholds(grid: grid)
        var planner = MeasurementTrialPlanner.simulated(period: measurementPeriod)
        let note = MIDINote(60)!, start = Date(timeIntervalSince1970: 0)
        for _ in 0..<trainingTrials {
            let difference = planner.simulatedDifference(on: note, pooled: pooled)
            let correct = listener.answersCorrectly(difference, using: &random)
            pooled.add(note: note, difference: difference, correct: correct)
            planner.record(CompletedComparison(comparison: Comparison(referenceNote: note, centOffset: difference),
                                               answeredHigher: correct, timestamp: start))
        }
        return pooled
    }

    /// The one-point oracle's design per listener shape (slope · 100 + lapse): the listener's own most
    /// informative difference for a known slope, computed once before the runs.
    static let oracleDesigns = Mutex([Double: InformationLimit.Design]())
    /// The two-point oracle's ln(d / T) either side of T: the sweep's best.
    static let oracleSpread = Mutex(0.3)
    static let spreads = [0.0, 0.15, 0.3, 0.45, 0.6, 0.8, 1.0]

    static func prepareOracleDesigns() {
        for slope in slopes {
            for lapse in lapses {
                let design = InformationLimit.listener(slope: slope, lapse: lapse).knownSlope(trials: 60)
                oracleDesigns.withLock { $0[slope * 100 + lapse] = design }
            }
        }
    }

    /// The two-point oracle (half the trials at T · e^−c, half at T · e^c, knowing each listener's T) for
    /// several spreads c, over all cells, analysed by the cold posterior: the narrowest median interval after
    /// 60 trials among those that keep coverage is what a placement could reach with the slope prior.
    static func sweepOracleSpread(report: BenchReport, runs: Int) {
        var best = (spread: 0.3, ratio: Double.infinity)
        for spread in spreads {
            var sample: [Outcome] = []
            for (cellIndex, cell) in cells.enumerated() {
                sample += simulate(cell: cell, procedure: .oracleTwoPoints, runs: runs, seed: UInt64(cellIndex * 10 + 9),
                                   spread: spread).map { $0[60]! }
            }
            let ratio = percentile(sample.map(\.ratio), 50), coverage = percentCovered(sample)
            report.add("threshold", "oracle placement at T · e^±\(BenchReport.format(spread)) (knows T), cold posterior, "
                       + "all cells after 60 trials: median interval ratio", ratio, "",
                       note: "coverage \(BenchReport.format(coverage)) %, median error "
                           + "\(BenchReport.format(percentile(sample.map(\.error), 50) * 100)) %, \(runs) runs per cell")
            if coverage >= 93 && ratio < best.ratio { best = (spread, ratio) }
        }
        oracleSpread.withLock { $0 = best.spread }
    }
}

extension ThresholdEstimatorBenchmark.Procedure {
    var index: Int { Self.allCases.firstIndex(of: self)! }
    var isOracle: Bool {
        switch self {
        case .kazez, .kazezWithMeasurements, .thresholdTest, .thresholdTestAfterTraining: false
        case .oracleOnePoint, .oracleTwoPoints: true
        }
    }
    var key: String {
        switch self {
        case .kazez: "kazez"
        case .kazezWithMeasurements: "measured"
        case .thresholdTest: "test"
        case .thresholdTestAfterTraining: "trained"
        case .oracleOnePoint: "oracle1"
        case .oracleTwoPoints: "oracle2"
        }
    }
}
