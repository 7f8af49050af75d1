import Foundation
import PeachCore
import PeachDisciplines

/// How fast the estimator is: rebuilding the pooled estimator from 100,000 records (what a launch does),
/// one answer added, one region query, one Psi placement.
enum EstimatorSpeed {
    static func run(report: BenchReport, short: Bool) {
        let trials = syntheticHistory(count: 100_000)
        var rebuilds: [Double] = [], queries: [Double] = []
        // The comparisons' grid: the fixed lapse rate and the heavy one their lapse probes earn or refute.
        let grid = ThresholdGrid.lapseProbed
        var pooled = PooledThresholds(grid: grid)
        for _ in 0..<(short ? 3 : 7) {
            let (rebuild, built) = milliseconds { PooledThresholds(trials: trials, grid: grid) }
            let (query, regions) = milliseconds { (built.regions(in: MIDINote(36)!...MIDINote(84)!), built.overall) }
            guard regions.0.contains(where: { $0.estimate != nil }), regions.1 != nil else {
                report.unmeasurable("threshold", "the rebuilt estimator has no estimate")
                return
            }
            rebuilds.append(rebuild); queries.append(query)
            pooled = built
        }
        report.add("threshold", "pooled estimator rebuild from 100,000 records (binned)", percentile(rebuilds, 50), "ms",
                   goal: "well under 100 ms", met: percentile(rebuilds, 50) < 100,
                   anchor: "launch budget < 200 ms at 100k", note: "median of \(rebuilds.count), thread CPU time; 9 half-octave regions")
        report.add("threshold", "all region estimates + overall after the rebuild", percentile(queries, 50), "ms",
                   note: "forward-backward across regions, for the profile screen")
        let (slopeTime, slopePrior) = milliseconds { pooled.slopePrior }
        if slopePrior == nil { report.unmeasurable("threshold", "the rebuilt estimator has no slope prior") }
        report.add("threshold", "slope prior for a threshold test from the 100,000-record estimator", slopeTime, "ms",
                   note: "forward pass across regions per (λ, β) pair, once when a test starts")

        let added = 2000
        var random = SeededGenerator(seed: 99)
        let (addTime, _) = milliseconds {
            for index in 0..<added {
                pooled.add(note: MIDINote(36 + index % 49)!, difference: Cents(Double.random(in: 1...50, using: &random)),
                           correct: Bool.random(using: &random))
            }
        }
        report.add("threshold", "per-trial update of the pooled estimator", addTime / Double(added) * 1000, "µs",
                   goal: "well under 1 ms", met: addTime / Double(added) < 0.5, note: "log-likelihood of region and overall")

        var posterior = ThresholdPosterior(grid: grid)
        let (updateTime, _) = milliseconds {
            for index in 0..<added { posterior.update(difference: Cents(Double(1 + index % 40)), correct: index % 3 != 0) }
        }
        report.add("threshold", "per-trial update of a procedure's posterior", updateTime / Double(added) * 1000, "µs",
                   note: "threshold test / measurement planner")
        var test = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!, stopRule: .fixed(60), grid: grid)
        let listener = SimulatedListener(threshold: Cents(8), slope: 1.2, lapseRate: 0.02)
        var placements: [Double] = []
        for _ in 0..<test.stopRule.maximumTrials {
            let (time, difference) = milliseconds { test.nextDifference }
            placements.append(time)
            test.record(difference: difference, correct: listener.answersCorrectly(difference, using: &random))
        }
        report.add("threshold", "Psi placement of one threshold-test trial, median over a test", percentile(placements, 50) * 1000,
                   "µs", note: "max \(BenchReport.format(placements.max()! * 1000)) µs")
    }

    /// Kazez chains over C2–C6 answered by a listener with a 10 c threshold: what a long history looks like.
    static func syntheticHistory(count: Int) -> [ThresholdTrial] {
        var random = SeededGenerator(seed: 2026)
        let listener = SimulatedListener(threshold: Cents(10), slope: 1.2, lapseRate: 0.02)
        var difference = KazezRule.initialDifference
        var trials: [ThresholdTrial] = []
        trials.reserveCapacity(count)
        for _ in 0..<count {
            let note = MIDINote(Int.random(in: 36...84, using: &random))!
            let correct = listener.answersCorrectly(difference, using: &random)
            trials.append(ThresholdTrial(note: note, difference: difference, correct: correct))
            difference = KazezRule.next(after: difference, wasCorrect: correct, within: Cents(0.1)...Cents(100))
        }
        return trials
    }

    /// CPU time of this thread, so other jobs on a shared machine do not inflate the figure.
    static func milliseconds<T>(_ work: () -> T) -> (Double, T) {
        let start = threadCPUNanoseconds()
        let result = work()
        return (Double(threadCPUNanoseconds() - start) / 1e6, result)
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
