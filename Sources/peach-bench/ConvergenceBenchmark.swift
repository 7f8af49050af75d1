import Foundation

/// A listener with a known psychometric function for two-interval higher/lower judgements:
/// p(correct | d) = 0.5 + (0.5 − λ) · F(d), with F a Weibull on cents, F(d) = 1 − exp(−(d/α)^β).
/// The true threshold is the difference answered correctly 75 % of the time without lapses (F = 0.5).
struct ConvergenceListener {
    let threshold: Double
    let lapseRate: Double
    let slope = 2.0

    var alpha: Double { threshold / pow(log(2), 1 / slope) }

    func probabilityCorrect(_ cents: Double) -> Double {
        0.5 + (0.5 - lapseRate) * (1 - exp(-pow(cents / alpha, slope)))
    }

    func answersCorrectly(_ cents: Double, using random: inout SeededGenerator) -> Bool {
        Double.random(in: 0..<1, using: &random) < probabilityCorrect(cents)
    }
}

/// An adaptive procedure: the next cent difference after an answer, and its threshold estimate.
protocol ThresholdProcedure {
    var name: String { get }
    var current: Double { get }
    mutating func record(correct: Bool)
    var estimate: Double { get }
}

/// The Kazez rule as specified: N = P·(1 − 0.05·√P) after a correct answer, N = P·(1 + 0.09·√P)
/// after a wrong one, clamped to [0.1, 100], starting at 100. Estimate: the mean difficulty of the
/// last 10 trials (the rule has no reversal bookkeeping of its own).
struct KazezProcedure: ThresholdProcedure {
    let name = "Kazez"
    private(set) var current = 100.0
    private var recent: [Double] = []

    mutating func record(correct: Bool) {
        recent.append(current)
        if recent.count > 10 { recent.removeFirst() }
        let root = current.squareRoot()
        current = correct ? current * (1 - 0.05 * root) : current * (1 + 0.09 * root)
        current = min(max(current, 0.1), 100)
    }

    var estimate: Double { recent.isEmpty ? current : recent.reduce(0, +) / Double(recent.count) }
}

/// A transformed 2-down-1-up staircase (Levitt 1971) on a log scale: two correct in a row → ÷ 1.25,
/// one wrong → × 1.25; converges on 70.7 % correct. Estimate: geometric mean of the last 6 reversals
/// (fewer if there are fewer; the current level if there are none).
struct TwoDownOneUpProcedure: ThresholdProcedure {
    let name = "2-down-1-up"
    private(set) var current = 100.0
    private var correctInARow = 0
    private var lastDirection = 0
    private var reversals: [Double] = []

    mutating func record(correct: Bool) {
        var direction = 0
        if correct {
            correctInARow += 1
            if correctInARow == 2 { correctInARow = 0; direction = -1 }
        } else {
            correctInARow = 0
            direction = 1
        }
        guard direction != 0 else { return }
        if lastDirection != 0 && direction != lastDirection { reversals.append(current) }
        lastDirection = direction
        current = min(max(direction < 0 ? current / 1.25 : current * 1.25, 0.1), 100)
    }

    var estimate: Double {
        let last = reversals.suffix(6)
        guard !last.isEmpty else { return current }
        return exp(last.map { log($0) }.reduce(0, +) / Double(last.count))
    }
}

/// Benchmark 4: how fast and how well each procedure finds a known threshold.
enum ConvergenceBenchmark {
    static let checkpoints = [20, 40, 80]

    static func run(report: BenchReport, short: Bool) {
        let runs = short ? 100 : 1000
        for lapse in [0.0, 0.02] {
            for threshold in [3.0, 10.0, 30.0] {
                let listener = ConvergenceListener(threshold: threshold, lapseRate: lapse)
                for makeProcedure in [{ KazezProcedure() as any ThresholdProcedure }, { TwoDownOneUpProcedure() }] {
                    measure(listener, makeProcedure, runs: runs, report: report)
                }
            }
        }
    }

    static func measure(_ listener: ConvergenceListener, _ makeProcedure: () -> any ThresholdProcedure,
                        runs: Int, report: BenchReport) {
        var random = SeededGenerator(seed: UInt64(listener.threshold * 1000) &+ UInt64(listener.lapseRate * 1e6))
        var errors: [Int: [Double]] = [:]
        var correctAfter40 = 0, trialsAfter40 = 0
        var name = ""
        for _ in 0..<runs {
            var procedure = makeProcedure()
            name = procedure.name
            for trial in 1...checkpoints.last! {
                let correct = listener.answersCorrectly(procedure.current, using: &random)
                if trial > 40 { trialsAfter40 += 1; if correct { correctAfter40 += 1 } }
                procedure.record(correct: correct)
                if checkpoints.contains(trial) {
                    errors[trial, default: []].append(abs(procedure.estimate - listener.threshold) / listener.threshold)
                }
            }
        }
        let condition = "\(name), threshold \(Int(listener.threshold)) c, lapses \(Int(listener.lapseRate * 100)) %"
        for checkpoint in checkpoints {
            let sample = errors[checkpoint] ?? []
            report.add("convergence", "\(condition), after \(checkpoint) trials: median |est−true|/true",
                       percentile(sample, 50) * 100, "%", anchor: "baseline for a better threshold procedure")
            report.add("convergence", "\(condition), after \(checkpoint) trials: p90 |est−true|/true",
                       percentile(sample, 90) * 100, "%")
        }
        report.add("convergence", "\(condition): percent correct over trials 41-80",
                   Double(correctAfter40) / Double(max(trialsAfter40, 1)) * 100, "%",
                   note: "2-down-1-up targets 70.7 %; the true threshold is the 75 % point")
    }
}
