import Foundation
import Glibc
import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachStore
import PeachTerminal
import PeachTrainer
import Synchronization

/// Figures 5 (launch and history) and 6 (idle cost).
///
/// Histories of 0, 10,000 and 100,000 comparison records are written once into
/// .build/bench/history-N (shared with the VM, which sees the same working directory).
///
/// Host group (no sequencer needed), clearly labelled "in-process":
///   the history read and folded into a profile as the real start does (`loadAsLaunchDoes`), and the first
///   Start screen render, inside this process; then the read and the rebuild alone, for where the time goes.
///   Plus the real `peach` up to the point where it opens the sequencer (natively there is none here,
///   so it reads the history and exits): time to exit and peak RSS.
/// Sequencer group (natively where /dev/snd/seq works, else in the VM, 15-40x slower CPU):
///   the real `peach --plain --synth external --port 14:0` (Midi Through: no FluidSynth start is counted)
///   from spawn until its "start:" line, and its peak RSS (VmHWM); then, with 0 records, the idle cost:
///   `c` starts a comparison, nobody answers, and utime+stime from /proc/PID/stat over 10 s (5 s short).
@MainActor
enum LaunchBenchmark {
    static let sizes = [0, 10_000, 100_000]

    // MARK: Fixtures

    static func historyDirectory(_ count: Int) throws -> String {
        let path = FileManager.default.currentDirectoryPath + "/.build/bench/history-\(count)"
        let marker = path + "/.complete"
        if FileManager.default.fileExists(atPath: marker) { return path }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var random = SeededGenerator(seed: UInt64(count) &+ 7)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let records: [TrainingRecord] = (0..<count).map { index in
            let note = MIDINote(Int.random(in: 36...84, using: &random))!
            let cents = Double.random(in: 0.5...60, using: &random)
            let higher = Bool.random(using: &random)
            let correct = Double.random(in: 0..<1, using: &random) < 0.75
            return TrainingRecord(ComparisonRecord(
                timestamp: start.addingTimeInterval(Double(index) * 3), referenceNote: note, targetNote: note,
                intendedCentOffset: Cents(higher ? cents : -cents), presentedCentOffset: Cents(higher ? cents : -cents),
                answeredHigher: correct == higher, isCorrect: correct, outputName: "FLUID Synth (bench)"))
        }
        do {
            let (log, _) = try TrainingLog.openForWriting(DataDirectory(path: path), codecs: Disciplines.codecs)
            try log.append(contentsOf: records)
        }
        _ = FileManager.default.createFile(atPath: marker, contents: Data())  // only a cache marker: a miss rebuilds
        return path
    }

    // MARK: Host group

    static func runHost(report: BenchReport, short: Bool) {
        for count in sizes {
            do {
                let directory = try historyDirectory(count)
                var launches: [Double] = [], reads: [Double] = [], rebuilds: [Double] = [], renders: [Double] = []
                // Three even in short mode: one launch on this shared machine can read 40 % slow.
                for _ in 0..<(short ? 3 : 5) {
                    let (launch, profile) = try timed { try loadAsLaunchDoes(directory) }
                    let (render, lines) = timed { renderStart(profile: profile) }
                    guard !lines.isEmpty else { throw BenchError("the Start screen rendered nothing") }
                    // The parts alone, one after the other, for where the time goes.
                    let (read, records) = try timed { try TrainingLog.read(DataDirectory(path: directory), codecs: Disciplines.codecs).records }
                    let (rebuild, _) = timed { PerceptualProfile().rebuild(from: records) }
                    guard records.count == count else { throw BenchError("read \(records.count) of \(count) records") }
                    launches.append(launch + render); reads.append(read); rebuilds.append(rebuild); renders.append(render)
                }
                let label = "\(count) records"
                let total = percentile(launches, 50)
                report.add("launch", "in-process read+rebuild+render, \(label)", total, "ms",
                           goal: count == 100_000 ? "< 200 ms" : nil, met: count == 100_000 ? total < 200 : nil,
                           note: "median of \(launches.count), the read and the fold overlapped as at launch; alone: read "
                               + "\(BenchReport.format(percentile(reads, 50))) + rebuild \(BenchReport.format(percentile(rebuilds, 50))) "
                               + "+ render \(BenchReport.format(percentile(renders, 50))) ms, native")
                report.add("launch", "profile rebuild alone, \(label)", percentile(rebuilds, 50), "ms")
                let run = try runPeachToExit(directory)
                report.add("launch", "peach until the sequencer opens (history read), \(label)", run.milliseconds, "ms",
                           note: "native process; peak RSS \(BenchReport.format(run.peakMB)) MB")
                report.add("launch", "peak RSS, peach reading \(label)", run.peakMB, "MB",
                           goal: "< 30 MB", met: run.peakMB < 30, note: "native, up to the sequencer open")
            } catch {
                report.unmeasurable("launch", "\(count) records: \(error)")
            }
        }
    }

    /// The history into a profile as `peach` does at launch (LaunchHistory, `peach profile`): the log streamed
    /// into a `ProfileFold`, which folds on a second thread while the log is read.
    static func loadAsLaunchDoes(_ directory: String) throws -> PerceptualProfile {
        let fold = ProfileFold()
        _ = try TrainingLog.read(DataDirectory(path: directory), codecs: Disciplines.codecs, each: fold.add)
        let profile = PerceptualProfile()
        profile.replace(with: fold.finish())
        return profile
    }

    /// The VM's slowdown on this very work: the in-process read+rebuild+render of 100k records here,
    /// divided by the host group's native figure (from its JSON, PEACH_BENCH_HOST_JSON).
    static func measureSlowdown(report: BenchReport) {
        let name = "in-process read+rebuild+render, 100000 records"
        guard let path = ProcessInfo.processInfo.environment["PEACH_BENCH_HOST_JSON"],
              let data = FileManager.default.contents(atPath: path),
              let summary = try? JSONDecoder().decode(HostSummary.self, from: data),
              let native = summary.figures.first(where: { $0.name == name })?.value,
              let directory = try? historyDirectory(100_000) else { return }
        let (vm, _) = timed { () -> Int in
            guard let profile = try? loadAsLaunchDoes(directory) else { return 0 }
            return renderStart(profile: profile).count
        }
        report.add("launch", "VM slowdown on the launch work (100k records, VM vs native in-process)", vm / native, "x",
                   note: "VM \(BenchReport.format(vm)) ms, native \(BenchReport.format(native)) ms: divide the VM launch times by it")
    }

    private struct HostSummary: Decodable {
        struct Figure: Decodable { var name: String; var value: Double? }
        var figures: [Figure]
    }

    static func renderStart(profile: PerceptualProfile) -> [String] {
        let model = StartScreenModel(
            menu: ScreenModels.startMenu(Disciplines.modes),
            profile: ComparisonChart.model(profile, range: TrainingSettings.defaults.noteRange),
            synth: DeviceStatus(name: "Midi Through", state: .connected), controller: DeviceStatus(name: "keyboard only", state: .none))
        return StartScreen.render(model, size: .standard, style: Styler(.monochrome))
    }

    static func timed<T>(_ body: () throws -> T) rethrows -> (Double, T) {
        let start = monotonicNanoseconds()
        let value = try body()
        return (Double(monotonicNanoseconds() - start) / 1e6, value)
    }

    nonisolated static var peachPath: String {
        ProcessInfo.processInfo.environment["PEACH_BENCH_PEACH"]
            ?? (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/peach"
    }

    /// Runs `peach --plain` with no sequencer here: it reads the history, then fails to open the
    /// sequencer and exits. Spawned through `seqprobe maxrss`, which reports that child's own peak:
    /// getrusage here would include this (much larger) benchmark's memory, which Linux carries over
    /// from fork into the child's high-water mark.
    static func runPeachToExit(_ directory: String) throws -> (milliseconds: Double, peakMB: Double) {
        let probe = Process()
        let output = Pipe()
        probe.executableURL = URL(fileURLWithPath: Probe.path)
        probe.arguments = ["maxrss", peachPath, "--plain", "--data-dir", directory]
        probe.standardOutput = output
        try probe.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard probe.terminationStatus == 0, fields.count == 2 else {
            throw BenchError("seqprobe maxrss failed (status \(probe.terminationStatus)): \(text)")
        }
        return (fields[0] / 1e6, fields[1] / 1024)
    }

    // MARK: Sequencer group

    static func runWithSequencer(report: BenchReport, short: Bool) async {
        let where_ = LatencyBenchmark.nativeSequencer ? "native" : "VM, CPU 15-40x slower"
        if !LatencyBenchmark.nativeSequencer { measureSlowdown(report: report) }
        for count in sizes {
            do {
                let directory = try historyDirectory(count)
                let peach = try RunningPeach(directory: directory)
                defer { peach.quit() }
                let ready = try await peach.waitForLine(containing: "start:", seconds: 120)
                report.add("launch", "peach to Start screen, \(count) records (\(where_))", ready, "ms",
                           goal: count == 100_000 ? "< 200 ms native" : nil,
                           met: count == 100_000 && LatencyBenchmark.nativeSequencer ? ready < 200 : nil,
                           anchor: "plain mode, --synth external --port 14:0 (no FluidSynth start)")
                report.add("launch", "peak RSS at Start screen, \(count) records (\(where_))", peach.peakMB() ?? .nan, "MB",
                           goal: "< 30 MB", met: peach.peakMB().map { $0 < 30 })
                if count == 0 {
                    peach.write("c\n")
                    // Note 2 lasts 1 s (the default); then peach waits for an answer.
                    _ = try await peach.waitForLine(containing: "note 2: higher or lower?", seconds: 60)
                    try await Task.sleep(for: .seconds(1.5))
                    let seconds = short ? 5.0 : 10.0
                    guard let before = peach.cpuSeconds() else { throw BenchError("no /proc/PID/stat") }
                    let wallStart = monotonicNanoseconds()
                    try await Task.sleep(for: .seconds(seconds))
                    guard let after = peach.cpuSeconds() else { throw BenchError("peach exited while idle") }
                    let wall = Double(monotonicNanoseconds() - wallStart) / 1e9
                    let percent = (after - before) / wall * 100
                    report.add("idle", "CPU waiting for an answer (\(where_))", percent, "% of one core",
                               goal: "< 1 %", met: percent < 1,
                               note: "utime+stime \(BenchReport.format((after - before) * 1000)) ms over \(BenchReport.format(wall)) s")
                }
            } catch {
                report.unmeasurable("launch", "peach with \(count) records: \(error)")
            }
        }
    }
}

/// The real `peach` in plain mode on Midi Through, driven through its stdin.
final class RunningPeach: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let start: UInt64

    /// Milliseconds since the process was spawned.
    var elapsed: Double { Double(monotonicNanoseconds() - start) / 1e6 }

    init(directory: String, arguments: [String] = ["--plain", "--synth", "external", "--port", "14:0"]) throws {
        process.executableURL = URL(fileURLWithPath: LaunchBenchmark.peachPath)
        process.arguments = arguments + ["--data-dir", directory]
        // It parses plain mode's lines, so it asks for them in English, as the README tells scripts to.
        process.environment = ProcessInfo.processInfo.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        start = monotonicNanoseconds()
        try process.run()
        startReading()
    }

    /// Everything peach printed so far, with the time each chunk arrived (read by a detached task,
    /// so peach never blocks on a full pipe).
    private let seen = OutputLog()

    private func startReading() {
        let handle = output.fileHandleForReading
        let seen = self.seen
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                let now = monotonicNanoseconds()
                seen.withLock { $0.append((now, String(decoding: chunk, as: UTF8.self))) }
            }
        }
    }

    /// Everything printed so far.
    var printed: String { seen.withLock { $0.map(\.1).joined() } }

    /// Milliseconds from spawn until output containing `text` had arrived.
    func waitForLine(containing text: String, seconds: Double) async throws -> Double {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while monotonicNanoseconds() < deadline {
            let found: UInt64? = seen.withLock { chunks in
                var text_ = ""
                for (time, chunk) in chunks {
                    text_ += chunk
                    if text_.contains(text) { return time }
                }
                return nil
            }
            if let found { return Double(found - start) / 1e6 }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw BenchError("peach did not print \"\(text)\" (it printed: \(seen.withLock { $0.map(\.1).joined() }.suffix(300)))")
    }

    func write(_ text: String) { try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8)) }

    func quit() {
        write("q\n")
        try? input.fileHandleForWriting.close()
        let deadline = monotonicNanoseconds() + 10_000_000_000
        while process.isRunning && monotonicNanoseconds() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// utime + stime of the process, in seconds.
    func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// VmHWM (peak resident set) in MB.
    func peakMB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }
}

/// Timestamped chunks of a child's output, shared between its reader thread and the benchmark.
final class OutputLog: Sendable {
    private let chunks = Mutex<[(UInt64, String)]>([])
    func withLock<T>(_ body: (inout [(UInt64, String)]) -> T) -> T { chunks.withLock { body(&$0) } }
}
