import Foundation
import PeachALSA
import PeachCore
import PeachMIDI

/// Figure 8: click timing at the MIDI level (docs/rhythm-timing.md).
///
/// - Onsets: 16-click patterns (sixteenths) at 60, 120 and 200 BPM from Peach's real path (`MIDIOutputService.rhythmPlayer`
///   over `ALSASequencer`) and from `rhythmprobe play` (C, the same clicks on an ALSA queue, nothing around them),
///   alternating in one run, idle and with two `rhythmprobe burn` processes spinning beside them. `rhythmprobe capture`
///   stamps every arrival with kernel real time on its own queue. Per pattern the ideal grid is the pattern's own
///   (offsets i × interval, placed at the median of arrival − offset, since the capture's clock is not the sender's);
///   error = arrival − grid. Per cell: p50/p99 of |error| and the SD of the inter-onset intervals.
/// - Stop: cancels at random moments of a running pattern; a click that sounds although it was due after the cancel
///   returned (on Peach's queue clock) counts against it.
@MainActor
enum RhythmBenchmark {
    static let steps = 16
    static let verbose = ProcessInfo.processInfo.environment["PEACH_BENCH_VERBOSE"] == "1"
    /// 60, 120 and 200 BPM; the short run (CI's) 120 alone, as rhythm-audio's: 60 BPM's patterns took most of its 193 s
    /// in the VM. `PEACH_BENCH_RHYTHM_BPM=60,200` measures those tempos only, in either run.
    static func tempos(short: Bool) -> [Int] {
        ProcessInfo.processInfo.environment["PEACH_BENCH_RHYTHM_BPM"].map { $0.split(separator: ",").compactMap { Int($0) } }
            ?? (short ? [120] : [60, 120, 200])
    }
    static let lead = Duration.milliseconds(500)

    struct Cell {
        var peach: [Double] = []
        var reference: [Double] = []
        var peachIntervals: [Double] = []
        var referenceIntervals: [Double] = []
        /// Each complete pattern's mean |grid error|, in play order: the k-th of each player were played one after
        /// the other, so they pair (`PairedRatio`).
        var peachBlocks: [Double] = []
        var referenceBlocks: [Double] = []

        var pairs: [(candidate: Double, reference: Double)] {
            zip(peachBlocks, referenceBlocks).map { (candidate: $0, reference: $1) }
        }
    }

    nonisolated static var probePath: String {
        ProcessInfo.processInfo.environment["PEACH_BENCH_RHYTHM_PROBE"] ?? ".build/bench/rhythmprobe"
    }

    static func run(report: BenchReport, short: Bool) async {
        do {
            try await measure(report: report, short: short)
        } catch {
            report.unmeasurable("rhythm", "\(error)")
        }
    }

    static func measure(report: BenchReport, short: Bool) async throws {
        let rig = try await RhythmCaptureRig.open("rhythm-capture")
        defer { rig.close() }
        let capture = rig.capture, sink = rig.sink
        let rhythm = rig.service.rhythmPlayer
        let reference = try RhythmProbe(["play", "\(sink.client):\(sink.port)"])
        try await Task.sleep(for: .milliseconds(300))
        try await warmUp(rhythm, reference: reference, capture: capture)

        var mark = 0
        let plan = try await playOnsetPatterns(short: short, rhythm: rhythm, reference: reference, capture: capture, mark: &mark)
        let cancelWindows = try await playCancels(short ? 10 : 100, rhythm: rhythm, capture: capture, mark: &mark)
        mark += 1
        capture.send("mark \(mark)")
        try await Task.sleep(for: .milliseconds(200))
        reference.finish()
        capture.finish()

        let events = CapturedRhythm.read(rig.capturePath)
        let onsets = Dictionary(grouping: events.filter { $0.kind == "on" && $0.channel == 9 }, by: \.mark)

        let cells = onsetCells(plan, onsets: onsets, report: report)
        reportOnsets(cells, tempos: tempos(short: short), report: report)
        reportStops(cancelWindows, onsets: onsets, report: report)
    }

    /// Both players play one unmeasured pattern first, and again once the burners have started: the first clicks
    /// after a client opens, or after the burners start (in the VM, while their processes are still loading),
    /// come up to 0.4 ms late, for whichever player goes first.
    static func warmUp(_ rhythm: MidiRhythmPlayer, reference: RhythmProbe, capture: RhythmProbe) async throws {
        capture.send("mark 0")
        let start = try await rhythm.queueNow() + lead
        let clicks = (0..<4).map { RhythmClick(time: start + .milliseconds(125) * $0, accent: $0 == 0) }
        try await rhythm.schedule(clicks)
        try await rhythm.waitUntil(clicks.last!.time + .milliseconds(60))
        reference.send("pattern 125000 4 \(lead.nanoseconds / 1_000_000)")
        guard reference.readLine() == "DONE" else { throw BenchError("the reference player stopped") }
        try await Task.sleep(for: .milliseconds(60))
    }

    /// Onsets: per tempo, idle and then loaded, patterns from both players in turn, each pattern after its own mark.
    static func playOnsetPatterns(short: Bool, rhythm: MidiRhythmPlayer, reference: RhythmProbe, capture: RhythmProbe,
                                  mark: inout Int) async throws -> [PlannedPattern] {
        // Full mode: about 100-200 onsets per cell and player, so a p99 is not one stray interrupt of the VM.
        // Short mode: four pairs of patterns per cell, the fewest a paired interval can be read from.
        func patterns(_ bpm: Int) -> Int { short ? 4 : [60: 5, 120: 8, 200: 12][bpm, default: 5] }
        var plan: [PlannedPattern] = []
        for bpm in tempos(short: short) {
            for loaded in [false, true] {
                let burners = try loaded ? [RhythmProbe(["burn"], ready: false), RhythmProbe(["burn"], ready: false)] : []
                if loaded {
                    try await Task.sleep(for: .seconds(1))
                    try await warmUp(rhythm, reference: reference, capture: capture)
                }
                let interval = Duration.milliseconds(15_000) / bpm  // a sixteenth
                for index in 0..<patterns(bpm) {
                    // Who goes first alternates: neither takes every first pattern after a change of condition.
                    for peach in index.isMultiple(of: 2) ? [true, false] : [false, true] {
                        mark += 1
                        capture.send("mark \(mark)")
                        plan.append((bpm, loaded, peach, mark))
                        if peach {
                            try await playPeachPattern(interval: interval, rhythm: rhythm, mark: mark)
                        } else {
                            try await playReferencePattern(interval: interval, reference: reference)
                        }
                    }
                }
                for burner in burners { burner.finish() }
            }
        }
        return plan
    }

    /// One pattern of `steps` clicks `interval` apart from Peach's rhythm player, waited out.
    static func playPeachPattern(interval: Duration, rhythm: MidiRhythmPlayer, mark: Int) async throws {
        let start = try await rhythm.queueNow() + lead
        let clicks = (0..<steps).map { RhythmClick(time: start + interval * $0, accent: $0 == 0) }
        try await rhythm.schedule(clicks)
        if verbose {
            let ahead = try await clicks[0].time - rhythm.queueNow()
            print("rhythm pattern \(mark): Peach queued \(BenchReport.format(Double(ahead.nanoseconds) / 1e6)) ms before its first click")
        }
        try await rhythm.waitUntil(clicks.last!.time + .milliseconds(60))
    }

    /// The same pattern from the reference player, waited out.
    static func playReferencePattern(interval: Duration, reference: RhythmProbe) async throws {
        reference.send("pattern \(interval.nanoseconds / 1000) \(steps) \(lead.nanoseconds / 1_000_000)")
        guard reference.readLine() == "DONE" else { throw BenchError("the reference player stopped") }
        try await Task.sleep(for: .milliseconds(60))
    }

    typealias PlannedPattern = (bpm: Int, loaded: Bool, peach: Bool, mark: Int)
    typealias CancelWindow = (mark: Int, clicks: [QueueInstant], returnedAt: QueueInstant)

    /// Stop: `count` cancels at random moments of running 200 BPM patterns, each pattern after its own mark.
    static func playCancels(_ count: Int, rhythm: MidiRhythmPlayer, capture: RhythmProbe,
                            mark: inout Int) async throws -> [CancelWindow] {
        var generator = SeededGenerator(seed: 0x5709)
        var cancelWindows: [CancelWindow] = []
        for _ in 0..<count {
            mark += 1
            capture.send("mark \(mark)")
            let start = try await rhythm.queueNow() + .milliseconds(100)
            let clicks = (0..<steps).map { RhythmClick(time: start + .milliseconds(75) * $0, accent: $0 == 0) }
            try await rhythm.schedule(clicks)
            let cancelAt = start + .milliseconds(Int.random(in: 0..<(steps * 75), using: &generator))
            try await rhythm.waitUntil(cancelAt)
            try await rhythm.cancelScheduled()
            let returnedAt = try await rhythm.queueNow()
            cancelWindows.append((mark, clicks.map(\.time), returnedAt))
            try await Task.sleep(for: .milliseconds(100))
        }
        return cancelWindows
    }

    /// Each complete pattern's grid errors and inter-onset intervals, by tempo and condition ("120 false").
    static func onsetCells(_ plan: [PlannedPattern], onsets: [Int: [CapturedRhythm]], report: BenchReport) -> [String: Cell] {
        var cells: [String: Cell] = [:]
        var incomplete = 0
        for pattern in plan {
            let arrivals = (onsets[pattern.mark] ?? []).map(\.nanoseconds)
            guard arrivals.count == steps else { incomplete += 1; continue }
            let interval = 15_000.0 / Double(pattern.bpm)
            let key = "\(pattern.bpm) \(pattern.loaded)"
            let errors = gridErrors(arrivals, interval: interval)
            if verbose, let worst = errors.indices.max(by: { errors[$0] < errors[$1] }) {
                print("rhythm pattern \(pattern.mark): \(pattern.peach ? "Peach    " : "reference") \(pattern.bpm) BPM "
                      + "\(pattern.loaded ? "loaded" : "idle  ") worst \(String(format: "%.3f", errors[worst])) ms at click \(worst)")
            }
            let intervals = zip(arrivals, arrivals.dropFirst()).map { Double(Int64($1) - Int64($0)) / 1e6 }
            let average = mean(errors)
            if pattern.peach {
                cells[key, default: Cell()].peach += errors
                cells[key, default: Cell()].peachIntervals += intervals
                cells[key, default: Cell()].peachBlocks.append(average)
            } else {
                cells[key, default: Cell()].reference += errors
                cells[key, default: Cell()].referenceIntervals += intervals
                cells[key, default: Cell()].referenceBlocks.append(average)
            }
        }
        if incomplete > 0 { report.unmeasurable("rhythm", "\(incomplete) of \(plan.count) patterns arrived incomplete") }

        return cells
    }

    /// Per tempo, idle and loaded: Peach's grid error against the reference's, judged by pairs of patterns played one
    /// after the other (`PairedRatio`: the median per-pair ratio of mean |error| with its 95 % interval), and the
    /// change under load; a quantile the sample can estimate is printed beside it.
    static func reportOnsets(_ cells: [String: Cell], tempos: [Int], report: BenchReport) {
        for bpm in tempos {
            var means: [Bool: (peach: Double, reference: Double)] = [:]
            for loaded in [false, true] {
                guard let cell = cells["\(bpm) \(loaded)"], !cell.peach.isEmpty, !cell.reference.isEmpty,
                      let paired = PairedRatio(cell.pairs) else {
                    report.unmeasurable("rhythm", "\(bpm) BPM \(loaded ? "loaded" : "idle"): no complete pair of patterns")
                    continue
                }
                let condition = loaded ? "loaded" : "idle"
                means[loaded] = (mean(cell.peach), mean(cell.reference))
                let verdict = paired.verdict(ratioAtMost: 1.1, orDifferenceAtMost: 0.05)
                print("rhythm onset \(bpm) BPM \(condition): \(paired.summary): \(verdict.rawValue)")
                report.add("rhythm", "onset \(bpm) BPM \(condition) mean grid error, Peach / reference (paired)", paired.ratio, "×",
                           goal: "≤ 1.1 or within 0.05 ms", met: verdict == .met ? true : verdict == .notMet ? false : nil,
                           anchor: "human timing discrimination: several ms",
                           note: paired.summary + ", " + verdict.rawValue + "; " + quantiles(cell),
                           paired: paired, verdict: verdict.rawValue)
            }
            if let idle = means[false], let loaded = means[true] {
                func steady(_ a: Double, _ b: Double) -> Bool { abs(b - a) <= max(0.1 * a, 0.05) }
                report.add("rhythm", "onset \(bpm) BPM mean grid error change under load, Peach", loaded.peach - idle.peach, "ms",
                           goal: "≤ 10 % or 0.05 ms", met: steady(idle.peach, loaded.peach),
                           note: "reference \(BenchReport.format(loaded.reference - idle.reference)) ms "
                               + "(\(steady(idle.reference, loaded.reference) ? "steady" : "NOT steady"))")
            }
        }
    }

    /// The highest quantile each player's sample can estimate (p99 from 300 onsets, p90 from 100, else the median),
    /// named as such.
    static func quantiles(_ cell: Cell) -> String {
        let count = min(cell.peach.count, cell.reference.count)
        let p = count >= 300 ? 99.0 : count >= 100 ? 90.0 : 50.0
        return "p\(Int(p)) Peach \(BenchReport.format(percentile(cell.peach, p))) / reference "
            + "\(BenchReport.format(percentile(cell.reference, p))) ms (n=\(cell.peach.count)+\(cell.reference.count))"
    }


    /// A click due after the cancel returned must not sound.
    static func reportStops(_ cancelWindows: [CancelWindow], onsets: [Int: [CapturedRhythm]], report: BenchReport) {
        var late = 0, cut = 0
        for window in cancelWindows {
            let arrived = (onsets[window.mark] ?? []).count
            let dueAfter = window.clicks.filter { $0 > window.returnedAt }.count
            if arrived > window.clicks.count - dueAfter { late += arrived - (window.clicks.count - dueAfter) }
            if dueAfter > 0 { cut += 1 }
        }
        print("rhythm stop: \(cancelWindows.count) cancels at random moments, \(late) clicks after the cancel")
        report.add("rhythm", "stop: clicks after the cancel returned", Double(late), "clicks", goal: "0", met: late == 0,
                   note: "\(cancelWindows.count) cancels at random moments of a 200 BPM pattern, \(cut) with clicks still to come")
    }

    /// |arrival − grid| in ms, the grid the pattern's own: i × interval from the median placement.
    static func gridErrors(_ arrivals: [UInt64], interval: Double) -> [Double] {
        let first = arrivals[0]
        let residuals = arrivals.enumerated().map { Double(Int64($1) - Int64(first)) / 1e6 - Double($0) * interval }
        let placement = residuals.sorted()[residuals.count / 2]
        return residuals.map { abs($0 - placement) }
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
    }
}

/// A running `rhythmprobe` (bench/rhythmprobe.c): a line-driven child; closing its stdin ends it.
final class RhythmProbe {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()
    private(set) var address: String?

    init(_ arguments: [String], ready: Bool = true) throws {
        process.executableURL = URL(fileURLWithPath: RhythmBenchmark.probePath)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard ready else { return }
        guard let line = readLine(), line.hasPrefix("READY ") else {
            throw BenchError("rhythmprobe \(arguments.first ?? "") exited before it was ready")
        }
        address = String(line.dropFirst("READY ".count))
    }

    func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// The next line it printed (blocks until one comes), or nil once it has exited.
    func readLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered.removeSubrange(buffered.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffered.append(chunk)
        }
    }

    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// One line of `rhythmprobe capture`: a note or a mark, and which mark it came after.
struct CapturedRhythm {
    var nanoseconds: UInt64
    var kind: String
    var channel: Int
    var mark: Int

    static func read(_ path: String) -> [CapturedRhythm] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var mark = 0
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 6, let t = UInt64(f[0]), let channel = Int(f[2]), let a = Int(f[3]) else { return nil }
            if f[1] == "mark" { mark = a; return nil }
            return CapturedRhythm(nanoseconds: t, kind: String(f[1]), channel: channel, mark: mark)
        }
    }
}
