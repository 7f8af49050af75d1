import Foundation

// peach-bench: prints one line per figure (value, unit, goal, anchor) and writes
// .build/bench/summary.json. `--short` is CI's mode: it fails only when a figure cannot be
// measured at all, never on a noisy timing.
let arguments = Array(CommandLine.arguments.dropFirst())
let short = arguments.contains("--short")
func value(of option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
/// `--only a,b`: just the benchmarks named.
let only = value(of: "--only").map { Set($0.split(separator: ",").map(String.init)) }
/// `--skip a,b`: every benchmark but those named.
let skipped = value(of: "--skip").map { Set($0.split(separator: ",").map(String.init)) } ?? []
let group = value(of: "--group") ?? "all"
let report = BenchReport()

/// The host group runs anywhere; the sequencer group needs a real ALSA sequencer (natively or in the VM).
func shouldRun(_ name: String, group benchmarkGroup: String) -> Bool {
    (only == nil || only!.contains(name)) && !skipped.contains(name) && (group == "all" || group == benchmarkGroup)
}

if shouldRun("convergence", group: "host") { ConvergenceBenchmark.run(report: report, short: short) }
if shouldRun("threshold", group: "host") { ThresholdEstimatorBenchmark.run(report: report, short: short) }
if shouldRun("hearing-now", group: "host") { HearingNowBenchmark.run(report: report, short: short) }
if shouldRun("timing-estimates", group: "host") { await TimingEstimatorBenchmark.run(report: report, short: short) }
if shouldRun("queue", group: "host") { QueueFrequencyBenchmark.runHost(report: report, short: short) }
if shouldRun("launch", group: "host") { LaunchBenchmark.runHost(report: report, short: short) }
if shouldRun("calibration", group: "host") { await CalibrationBenchmark.run(report: report, short: short) }
if shouldRun("launch", group: "sequencer") { await LaunchBenchmark.runWithSequencer(report: report, short: short) }
if shouldRun("latency", group: "sequencer") { await LatencyBenchmark.run(report: report, short: short) }
if shouldRun("timing", group: "sequencer") { await NoteTimingBenchmark.run(report: report, short: short) }
if shouldRun("pitch", group: "sequencer") { await PitchBenchmark.run(report: report, short: short) }
if shouldRun("queue", group: "sequencer") { await QueueFrequencyBenchmark.run(report: report, short: short) }
if shouldRun("rhythm", group: "sequencer") {
    await RhythmBenchmark.run(report: report, short: short)
    await TapBenchmark.run(report: report, short: short)
    await SessionStopBenchmark.run(report: report, short: short)
}
if shouldRun("keyboard-tap", group: "sequencer") { await KeyboardTapBenchmark.run(report: report, short: short) }
if shouldRun("rhythm-audio", group: "sequencer") { await RhythmAudioBenchmark.run(report: report, short: short) }
if shouldRun("testsynth", group: "sequencer") { await TestSynthCalibrationBenchmark.run(report: report, short: short) }

let summaryPath = ProcessInfo.processInfo.environment["PEACH_BENCH_JSON"] ?? ".build/bench/summary.json"
do {
    try report.writeJSON(to: summaryPath)
    print("peach-bench: summary written to \(summaryPath)")
} catch {
    print("peach-bench: could not write \(summaryPath): \(error)")
    exit(1)
}
if !report.failures.isEmpty {
    print("peach-bench: \(report.failures.count) figure(s) could not be measured")
    exit(1)
}
