import PeachCore
import PeachMIDI

extension RhythmAudioBenchmark {
    /// One tempo's figures: grid error p50/p99, IOI SD, latency median and spread, clicks heard.
    static func summarise(_ patterns: [PlayedPattern], onsets: [QueueInstant], delay: Milliseconds?, label: String, bpm: Int,
                       to report: BenchReport) {
        var errors: [Double] = [], intervals: [Double] = [], latencies: [Milliseconds] = []
        let clicks = patterns.count * steps
        for pattern in patterns {
            let matched = LatencyProbe(clicks: pattern.clicks).matchedOnsets(heard: onsets, delay: delay)
            let residuals = zip(pattern.clicks, matched).compactMap { click, onset in onset?.milliseconds(since: click).value }
            guard !residuals.isEmpty else { continue }
            let placement = residuals.sorted()[residuals.count / 2]
            errors += residuals.map { abs($0 - placement) }
            latencies += residuals.map(Milliseconds.init)
            intervals += zip(matched, matched.dropFirst()).compactMap { first, next in
                guard let first, let next else { return nil }
                return next.milliseconds(since: first).value
            }
        }
        let key = "\(label) \(bpm) BPM"
        guard let latency = MeasuredLatency(measurements: latencies), latencies.count * 2 >= clicks else {
            report.unmeasurable(name, "\(key): \(latencies.count) of \(clicks) clicks heard")
            return
        }
        let p50 = percentile(errors, 50), p99 = percentile(errors, 99)
        let deviation = RhythmBenchmark.standardDeviation(intervals)
        print("rhythm audio \(bpm) BPM \(label): onset error vs grid p50 \(BenchReport.format(p50)) ms, p99 \(BenchReport.format(p99)) ms, "
              + "IOI SD \(BenchReport.format(deviation)) ms, latency median \(BenchReport.format(latency.median.value)) ms "
              + "(jitter \(BenchReport.format(latency.spread.value)) ms, \(latencies.count) of \(clicks) clicks)")
        let anchor = "the queue's own clicks at the MIDI level: p99 0.01–0.03 ms (figure 8)"
        report.add(name, "\(key) onset error vs grid p50", p50, "ms", anchor: anchor, printed: false)
        report.add(name, "\(key) onset error vs grid p99", p99, "ms", anchor: anchor,
                   note: "\(latencies.count) of \(clicks) clicks heard", printed: false)
        report.add(name, "\(key) IOI SD", deviation, "ms",
                   note: "nominal interval \(BenchReport.format(15_000 / Double(bpm))) ms", printed: false)
        report.add(name, "\(key) latency median", latency.median.value, "ms",
                   note: "MIDI-to-sound: onset − scheduled time on Peach's queue", printed: false)
        report.add(name, "\(key) latency jitter (robust spread)", latency.spread.value, "ms", printed: false)
    }
}
