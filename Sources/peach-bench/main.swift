import Foundation
import PeachSystem

// A write to a child that has just ended (`RunningPeach.quit` says q to a `peach web` that a posted q had ended
// already) is an error its caller ignores, not SIGPIPE's silent end of the whole run: a CI run ended so, in the
// host group, with no line saying why.
Signals.ignore(SIGPIPE)

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

/// The simulation group's figures are the same however busy the machine is; the host group times work natively;
/// the sequencer group needs a real ALSA sequencer (natively or in the VM).
func shouldRun(_ name: String, group benchmarkGroup: String) -> Bool {
    (only == nil || only!.contains(name)) && !skipped.contains(name) && (group == "all" || group == benchmarkGroup)
}

/// Each benchmark's wall time, printed at the end: where a run's time goes (CI's whole run has 30 minutes).
var wallTimes: [(name: String, seconds: Double)] = []
@MainActor func run(_ name: String, group benchmarkGroup: String, _ body: @MainActor () async -> Void) async {
    guard shouldRun(name, group: benchmarkGroup) else { return }
    let start = monotonicNanoseconds()
    await body()
    wallTimes.append((name, Double(monotonicNanoseconds() - start) / 1e9))
}

// Simulations: figures that do not depend on how busy the machine is (scripts/test-all runs them at idle priority beside
// the VM suite's last minutes, after the Debian package check).
await run("convergence", group: "simulation") { ConvergenceBenchmark.run(report: report, short: short) }
await run("threshold", group: "simulation") { ThresholdEstimatorBenchmark.run(report: report, short: short) }
await run("hearing-now", group: "simulation") {
    HearingNowBenchmark.run(report: report, short: short)
    HearingNowFamilies.run(report: report, short: short)
}
await run("timing-estimates", group: "simulation") { await TimingEstimatorBenchmark.run(report: report, short: short) }
// Timed on this machine, natively: run alone.
await run("estimator-speed", group: "host") { EstimatorSpeed.run(report: report, short: short) }
await run("hearing-now-speed", group: "host") { HearingNowSpeed.run(report: report) }
await run("queue", group: "host") { QueueFrequencyBenchmark.runHost(report: report, short: short) }
await run("launch", group: "host") { LaunchBenchmark.runHost(report: report, short: short) }
await run("web-page", group: "host") { await WebPageBenchmark.run(report: report, short: short) }
await run("calibration", group: "host") { await CalibrationBenchmark.run(report: report, short: short) }
await run("launch", group: "sequencer") { await LaunchBenchmark.runWithSequencer(report: report, short: short) }
await run("latency", group: "sequencer") { await LatencyBenchmark.run(report: report, short: short) }
await run("knob-flood", group: "sequencer") { await KnobFloodBenchmark.run(report: report, short: short) }
await run("web-answer", group: "sequencer") { await WebAnswerBenchmark.run(report: report, short: short) }
await run("timing", group: "sequencer") { await NoteTimingBenchmark.run(report: report, short: short) }
await run("pitch", group: "sequencer") { await PitchBenchmark.run(report: report, short: short) }
await run("queue", group: "sequencer") { await QueueFrequencyBenchmark.run(report: report, short: short) }
await run("rhythm", group: "sequencer") {
    await RhythmBenchmark.run(report: report, short: short)
    await TapBenchmark.run(report: report, short: short)
    await SessionStopBenchmark.run(report: report, short: short)
}
await run("keyboard-tap", group: "sequencer") { await KeyboardTapBenchmark.run(report: report, short: short) }
await run("rhythm-audio", group: "sequencer") { await RhythmAudioBenchmark.run(report: report, short: short) }
await run("testsynth", group: "sequencer") { await TestSynthCalibrationBenchmark.run(report: report, short: short) }
if !wallTimes.isEmpty {
    report.table("time", "wall time per benchmark", header: ["benchmark", "seconds"],
                 rows: wallTimes.map { [$0.name, String(format: "%.1f", $0.seconds)] }
                     + [["all", String(format: "%.1f", wallTimes.map(\.seconds).reduce(0, +))]])
}

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
