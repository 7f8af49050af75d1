import Foundation
import PeachText
import PeachTrainer

/// Progress of a long command (import, export) on standard error, for files of at least
/// `minimumTotal` items. On a terminal: one line redrawn in place (at most ten times a second)
/// with the rate and the time left once that can be estimated; otherwise a few plain lines, at
/// each quarter. The percentage is always computed from the count printed next to it.
final class ProgressReporter {
    private let console: Console
    private let clock: () -> Double
    private let minimumTotal: Int
    private var label = ""
    /// When and where the current phase was first reported: the rate counts from there.
    private var started = 0.0
    private var startedAt = 0
    private var lastDraw = -Double.infinity
    private var lastQuarter = -1
    private var lastDone = -1
    private var lineOpen = false

    /// `clock` is monotonic seconds (injected by tests).
    init(console: Console, minimumTotal: Int = 5000, clock: @escaping () -> Double = ProgressReporter.monotonicSeconds) {
        self.console = console
        self.clock = clock
        self.minimumTotal = minimumTotal
    }

    /// `done` of `total` `unit`s in phase `label` ("checking", "rows").
    func update(_ label: String, unit: String, done: Int, total: Int) {
        // The importer reports its last count twice (every 1000 rows, then at the end): draw it once.
        guard total >= minimumTotal, label != self.label || done != lastDone else { return }
        lastDone = done
        let now = clock()
        if label != self.label {
            finishLine()
            self.label = label
            started = now
            startedAt = done
            lastDraw = -.infinity
            lastQuarter = -1
        }
        let percent = done * 100 / max(total, 1)
        let count = tr(.progressCount, ["label": label, "done": "\(done)", "total": "\(total)", "unit": unit, "percent": "\(percent)"])
        if console.errIsTerminal {
            guard done == total || now - lastDraw >= 0.1 else { return }
            lastDraw = now
            console.err("\r\u{1B}[K" + count + estimate(done: done, total: total, unit: unit, now: now))
            lineOpen = true
            if done == total { finishLine() }
        } else {
            let quarter = done * 4 / max(total, 1)
            guard quarter > lastQuarter, quarter > 0 else { return }
            lastQuarter = quarter
            console.err(count + "\n")
        }
    }

    /// Ends an open terminal line (before an error or the summary is printed).
    func finishLine() {
        if lineOpen { console.err("\n") }
        lineOpen = false
    }

    /// ", 25000 rows/s, about 3 s left" once half a second has passed, else nothing.
    private func estimate(done: Int, total: Int, unit: String, now: Double) -> String {
        let elapsed = now - started
        guard elapsed >= 0.5, done > startedAt else { return "" }
        let rate = Double(done - startedAt) / elapsed
        let rateText = tr(.progressRate, ["rate": "\(Int(rate.rounded()))", "unit": unit])
        guard done < total else { return rateText + tr(.progressDoneIn, ["duration": Self.duration(elapsed)]) }
        return rateText + tr(.progressLeft, ["duration": Self.duration(Double(total - done) / rate)])
    }

    /// "3 s", "2 min 5 s".
    static func duration(_ seconds: Double) -> String {
        let whole = max(1, Int(seconds.rounded()))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
