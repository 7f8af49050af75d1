import Foundation
import PeachCore
import PeachDisciplines

/// Compare timing's estimates against simulated listeners: a listener answers "late" with probability
/// λ/2 + (1 − λ)·Φ((x − μ)/σ) for an offset x (μ its bias, σ its spread), trained by the app's own staircase
/// (`CompareTimingStrategy`) at 90 BPM. Prints, per cell, how often the reported 95 % intervals hold the true
/// 75 % threshold and the true bias, and the median threshold error. The bias estimator fits exactly this
/// model; the threshold estimator fits the pitch model (Weibull) to |offset|, so its coverage is a check of
/// that reuse, not a given.
enum TimingEstimatorBenchmark {
    struct Cell {
        var sigma: Double
        var bias: Double
        var label: String { String(format: "σ %.0f ms, bias %+.0f ms", sigma, bias) }
    }

    static let lapse = 0.02

    static func run(report: BenchReport, short: Bool) async {
        let runs = short ? 30 : 200
        let answers = 120
        let cells = [Cell(sigma: 12, bias: 0), Cell(sigma: 12, bias: -6), Cell(sigma: 25, bias: 0), Cell(sigma: 25, bias: 8),
                     Cell(sigma: 45, bias: -10)]
        let started = Date()
        for cell in cells {
            let truth = trueThreshold(cell)
            var thresholdHits = 0, biasHits = 0, thresholdRuns = 0, biasRuns = 0
            var errors: [Double] = []
            var random = SeededGenerator(seed: UInt64(cell.sigma * 100 + cell.bias + 1000))
            for _ in 0..<runs {
                let statistics = await simulate(cell, answers: answers, random: &random)
                guard let range = statistics.ranges.values.first else { continue }
                if let threshold = range.threshold {
                    thresholdRuns += 1
                    if threshold.lower.value <= truth && truth <= threshold.upper.value { thresholdHits += 1 }
                    errors.append(abs(threshold.median.value - truth) / truth)
                }
                if let bias = range.bias.estimate {
                    biasRuns += 1
                    if bias.interval.lowerBound.value <= cell.bias && cell.bias <= bias.interval.upperBound.value { biasHits += 1 }
                }
            }
            let thresholdCoverage = 100 * Double(thresholdHits) / Double(max(thresholdRuns, 1))
            let biasCoverage = 100 * Double(biasHits) / Double(max(biasRuns, 1))
            report.add("timing", "compare timing, \(cell.label) (75 % at \(String(format: "%.1f", truth)) ms), \(answers) answers: "
                       + "threshold 95 % interval coverage", thresholdCoverage, "%", goal: "93–97 %",
                       met: short ? nil : (93...97).contains(thresholdCoverage), note: "\(runs) simulated listeners")
            report.add("timing", "compare timing, \(cell.label), \(answers) answers: bias 95 % interval coverage", biasCoverage, "%",
                       goal: "93–97 %", met: short ? nil : (93...97).contains(biasCoverage))
            report.add("timing", "compare timing, \(cell.label), \(answers) answers: median |threshold error|/true",
                       percentile(errors, 50) * 100, "%")
        }
        report.add("timing", "timing estimator benchmark wall time (\(runs) runs per cell)", Date().timeIntervalSince(started), "s")
    }

    /// The |offset| answered right 75 % of the time, early and late offsets equally likely.
    static func trueThreshold(_ cell: Cell) -> Double {
        var low = 0.01, high = 500.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if correct(mid, cell) < 0.75 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    static func late(_ x: Double, _ cell: Cell) -> Double {
        lapse / 2 + (1 - lapse) * NormalDistribution.cdf((x - cell.bias) / cell.sigma)
    }

    static func correct(_ magnitude: Double, _ cell: Cell) -> Double {
        (late(magnitude, cell) + (1 - late(-magnitude, cell))) / 2
    }

    @MainActor
    static func simulate(_ cell: Cell, answers: Int, random: inout SeededGenerator) -> CompareTimingStatistics {
        var strategy = CompareTimingStrategy(random: random)
        random.state &+= 0x5851_F42D_4C95_7F2D
        let profile = PerceptualProfile()
        var statistics = CompareTimingStatistics()
        var last: CompletedCompareTiming?
        let tempo = TempoBPM(90)!
        for index in 0..<answers {
            let trial = strategy.next(tempo: tempo, profile: profile, last: last)
            let answeredLate = Double.random(in: 0..<1, using: &random) < late(trial.offset.value, cell)
            let completed = CompletedCompareTiming(trial: trial, answeredLate: answeredLate,
                                                   timestamp: Date(timeIntervalSince1970: Double(index)))
            statistics.add(TrainingRecord(CompareTimingRecord(timestamp: completed.timestamp, tempo: tempo, offset: trial.offset,
                                                              answeredLate: answeredLate, isCorrect: completed.isCorrect)),
                           settled: true)
            last = completed
        }
        return statistics
    }

}
