import Foundation
import PeachCore

/// What following the threshold through time costs a live answer: one more answer on the latest training day of a
/// history, then `refresh()` (that day's likelihood and the whole model solved again), thread CPU time.
enum HearingNowSpeed {
    static func run(report: BenchReport) {
        for (days, perDay) in [(30, 80), (500, 60)] {
            var (progress, _) = history(days: days, perDay: perDay)
            let last = Date(timeIntervalSince1970: Double(20_000 + days - 1) * 86_400 + 70_000)
            var times: [Double] = []
            // The first three answers unmeasured: in a session the process is warm (its heap has served earlier
            // answers), while a fresh benchmark process pays page faults for the heap its first updates grow.
            for answer in -3..<9 {
                let trial = ThresholdTrial(note: MIDINote(60)!, difference: Cents(8), correct: answer % 4 != 0)
                let (time, _) = EstimatorSpeed.milliseconds {
                    progress.add(trial, at: last)
                    progress.refresh()
                }
                if answer >= 0 { times.append(time) }
            }
            report.add("hearing-now", "a live answer's update, \(days) training days × \(perDay) answers", percentile(times, 50),
                       "ms", goal: "< 20 ms", met: percentile(times, 50) < 20,
                       note: "median of \(times.count), thread CPU time; the day's likelihood, the model and its trend")
        }
        placement(report: report)
    }

    /// What placing one measurement trial on the level now costs (the app does it at every measurement trial): the
    /// level (regions smoothed, the shared slope) and the best difference, after 500 days × 60 answers over 9 regions.
    static func placement(report: BenchReport) {
        let (progress, pooled) = history(days: 500, perDay: 60)
        var times: [Double] = []
        for index in -3..<9 {
            let note = MIDINote(36 + index * 5 + 15)!
            let (time, difference) = EstimatorSpeed.milliseconds {
                PlacementLevel(pooled: pooled, now: progress.nowMasses).map {
                    InformationGainPlacement.bestDifference(for: $0.posterior(for: note), within: MeasurementDifferences.bounds)
                }
            }
            guard difference != nil else { return report.unmeasurable("hearing-now", "no placement level after 30,000 answers") }
            if index >= 0 { times.append(time) }
        }
        report.add("hearing-now", "a measurement trial placed on the level now, 500 days × 60 answers over 9 regions",
                   percentile(times, 50), "ms", goal: "< 20 ms", met: percentile(times, 50) < 20,
                   note: "median of \(times.count), thread CPU time; between two trials, beside the live answer's update")
    }

    /// A staircase-like history at about 8 c: answers from 2 to 30 c, three in four right, on notes C2 to C6 (the
    /// level now does not read the note; the pool's regions do).
    static func history(days: Int, perDay: Int) -> (ThresholdProgress, PooledThresholds) {
        // The comparisons' grid: the fixed lapse rate and the heavy one their probes earn or refute.
        let grid = ThresholdEstimatorBenchmark.grid
        var progress = ThresholdProgress(grid: grid)
        var counts = ThresholdTrialCounts(grid: grid)
        for day in 0..<days {
            for answer in 0..<perDay {
                let difference = Cents(2 + Double((answer * 7 + day) % 29))
                let trial = ThresholdTrial(note: MIDINote(36 + (answer * 5 + day) % 49)!, difference: difference,
                                           correct: difference.value > 8 ? answer % 5 != 0 : answer % 2 == 0)
                progress.add(trial, at: Date(timeIntervalSince1970: Double(20_000 + day) * 86_400 + 64_800 + Double(answer) * 5))
                counts.add(trial)
            }
        }
        progress.refresh()
        var pooled = PooledThresholds(grid: grid)
        pooled.add(counts)
        return (progress, pooled)
    }
}
