import Dispatch
import Foundation
import PeachCore
import PeachDisciplines
import Synchronization

/// Do the pooled per-region intervals cover each region's true threshold? Kazez training with measurement
/// trials over three octaves (six half-octave regions), notes uniform, for a listener whose threshold is the same
/// everywhere and for one whose threshold doubles every two octaves downwards; the pooled estimate (shared slope,
/// smoothed across regions) beside each region fitted alone.
enum PooledRegionsSimulation {
    static let notes = MIDINote(48)!...MIDINote(83)!
    static let checkpoints = [120, 600]

    struct Listener: Sendable {
        var name: String
        var thresholdAt: @Sendable (MIDINote) -> Double
    }

    static let listeners = [
        Listener(name: "same threshold (8 c) on every note", thresholdAt: { _ in 8 }),
        Listener(name: "threshold 8 c at F#4, doubling every two octaves down",
                 thresholdAt: { 8 * pow(2, Double(66 - $0.rawValue) / 24) }),
    ]

    struct RegionOutcome: Sendable {
        var pooledCovered: Bool, pooledRatio: Double, pooledError: Double
        var aloneCovered: Bool, aloneRatio: Double
    }

    static func run(report: BenchReport, short: Bool) {
        let runs = short ? 16 : 200
        for (listenerIndex, listener) in listeners.enumerated() {
            let results = Mutex([Int: [RegionOutcome]]())
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                var random = SeededGenerator(seed: UInt64(listenerIndex * 100_000 + run) &* 2_654_435_761)
                let outcomes = simulateRun(listener, random: &random)
                results.withLock { all in for (checkpoint, list) in outcomes { all[checkpoint, default: []] += list } }
            }
            let all = results.withLock { $0 }
            for checkpoint in checkpoints {
                let sample = all[checkpoint] ?? []
                let coverage = Double(sample.filter(\.pooledCovered).count) / Double(max(sample.count, 1)) * 100
                let aloneCoverage = Double(sample.filter(\.aloneCovered).count) / Double(max(sample.count, 1)) * 100
                report.add("threshold", "pooled regions, \(listener.name), \(checkpoint) training trials "
                           + "(≈ \(checkpoint / 6) per region): per-region 95 % coverage", coverage, "%",
                           goal: "≥ 93 %", met: coverage.rounded() >= 93,
                           note: "median ratio \(BenchReport.format(percentile(sample.map(\.pooledRatio), 50))), median error "
                               + "\(BenchReport.format(percentile(sample.map(\.pooledError), 50) * 100)) %; each region alone: "
                               + "coverage \(BenchReport.format(aloneCoverage)) %, median ratio "
                               + "\(BenchReport.format(percentile(sample.map(\.aloneRatio), 50))); \(sample.count) region intervals")
            }
        }
    }

    static func simulateRun(_ listener: Listener, random: inout SeededGenerator) -> [Int: [RegionOutcome]] {
        var pooled = PooledThresholds(grid: ThresholdEstimatorBenchmark.grid)
        var progress = ThresholdProgress(grid: ThresholdEstimatorBenchmark.grid)
        var planner = MeasurementTrialPlanner.simulated()
        var outcomes: [Int: [RegionOutcome]] = [:]
        let start = Date(timeIntervalSince1970: 0)
        for trial in 1...checkpoints.last! {
            let note = MIDINote(Int.random(in: notes.lowerBound.rawValue...notes.upperBound.rawValue, using: &random))!
            // As the app places: on the threshold now given every answer so far (one training day: a cheap solve),
            // solved where a measurement trial asks for it.
            var level: PlacementLevel?
            if planner.nextIsMeasurement {
                progress.refreshNow()
                level = PlacementLevel(pooled: pooled, now: progress.nowMasses)
            }
            let difference = planner.simulatedDifference(on: note, pooled: pooled, level: level)
            let simulated = SimulatedListener(threshold: Cents(listener.thresholdAt(note)), slope: 1, lapseRate: 0.02)
            let correct = simulated.answersCorrectly(difference, using: &random)
            pooled.add(note: note, difference: difference, correct: correct)
            progress.add(ThresholdTrial(note: note, difference: difference, correct: correct), at: start)
            planner.record(CompletedComparison(comparison: Comparison(referenceNote: note, centOffset: difference),
                                               answeredHigher: correct, timestamp: start))
            guard checkpoints.contains(trial) else { continue }
            for region in pooled.regions(in: notes) {
                guard let estimate = region.estimate else { continue }
                let truth = exp(region.notes.notes.map { log(listener.thresholdAt($0)) }.reduce(0, +) / Double(region.notes.noteCount))
                let alone = pooled.placementPosterior(for: region.notes.lowerBound).estimate
                outcomes[trial, default: []].append(RegionOutcome(
                    pooledCovered: estimate.contains(Cents(truth)), pooledRatio: estimate.intervalRatio,
                    pooledError: abs(estimate.median.value - truth) / truth,
                    aloneCovered: alone.contains(Cents(truth)), aloneRatio: alone.intervalRatio))
            }
        }
        return outcomes
    }
}
