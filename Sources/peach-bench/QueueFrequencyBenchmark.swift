import Foundation
import PeachALSA
import PeachCore
import PeachMIDI

/// The queue's wake-up frequency (docs/rhythm-timing.md, "Queue frequency"): at the kernel's default 1000 Hz and at
/// the most it allows, 6250 Hz (0.16 ms with the hrtimer), how far a click leaves from the time asked (the grid
/// error: Peach puts each on the nearest wake-up, so within half a period), and what the faster wake-ups cost while
/// nothing plays: the whole system's timer interrupts and CPU time, with the queue running and with no Peach client
/// (in the VM the guest does not account its interrupts' CPU), and natively a user-space timer's CPU as a bound.
enum QueueFrequencyBenchmark {
    static let frequencies = [1000, 6250]

    static func run(report: BenchReport, short: Bool) async {
        do {
            let seconds = short ? 4 : 10
            let baseline = try await idleCost(seconds: seconds)
            for frequency in frequencies {
                try await measure(frequency: frequency, seconds: seconds, baseline: baseline, report: report)
            }
        } catch {
            report.unmeasurable("queue", "\(error)")
        }
    }

    /// The host group's part, where the machine runs natively: a user-space timer waking as often as each queue
    /// frequency (`rhythmprobe wake`), its CPU time. A queue's wake-ups run in the kernel and wake no process, so
    /// this bounds their cost from above on this machine; the VM cannot tell, its timer interrupts are emulated.
    static func runHost(report: BenchReport, short: Bool) {
        do {
            let seconds = short ? 3 : 10
            for frequency in frequencies {
                let probe = try RhythmProbe(["wake", "\(frequency)", "\(seconds)"], ready: false)
                let line = probe.readLine() ?? ""
                probe.finish()
                let words = line.split(separator: " ")
                guard words.count == 5, words[0] == "WAKE", let wakes = Double(words[2]), let cpu = Double(words[4]) else {
                    throw BenchError("rhythmprobe wake printed '\(line)'")
                }
                report.add("queue", "\(frequency) Hz: a user-space timer's CPU, natively (upper bound)", cpu / Double(seconds) / 1e4,
                           "% of a core", note: String(format: "%.1f µs per wake-up over %.0f wake-ups; the queue's own wake-ups "
                                                       + "run in the kernel and wake no process, so they cost less", cpu / wakes, wakes))
            }
        } catch {
            report.unmeasurable("queue", "\(error)")
        }
    }

    static func measure(frequency: Int, seconds: Int, baseline: IdleCost, report: BenchReport) async throws {
        let sequencer = try ALSASequencer(clientName: "Peach", queueFrequency: frequency)
        defer { sequencer.close() }
        let period = try await sequencer.queueTimer().queuePeriodNanoseconds
        let errors = try await gridErrors(sequencer, period: period ?? 1_000_000)
        let magnitudes = errors.map(abs).sorted()
        let periodText = period.map { String(format: "%.3f ms", Double($0) / 1e6) } ?? "unknown"
        report.add("queue", "\(frequency) Hz: |sent − asked| p50", percentile(magnitudes, 50) * 1000, "µs",
                   note: String(format: "period %@; max %.1f µs, mean %+.1f µs over %d clicks at every phase of a period",
                                periodText, (magnitudes.last ?? 0) * 1000, errors.reduce(0, +) / Double(max(errors.count, 1)) * 1000,
                                errors.count))
        let idle = try await idleCost(seconds: seconds)
        report.add("queue", "\(frequency) Hz: timer interrupts while idle", idle.interruptsPerSecond, "per s",
                   note: String(format: "%.0f per s with no Peach client; whole-system CPU %.2f %% of a core (%.2f %% without); %d s each, "
                                + "from /proc/interrupts and /proc/stat", baseline.interruptsPerSecond, idle.cpuPercent, baseline.cpuPercent,
                                seconds) + (!LatencyBenchmark.nativeSequencer ? "; VM: interrupts are emulated, their CPU cost far above native" : ""))
    }

    /// 80 clicks 20 ms apart, each an eightieth of a period further past a wake-up, stamped as they leave by Peach's
    /// own input (subscribed to its output): sent − asked, in milliseconds.
    static func gridErrors(_ sequencer: ALSASequencer, period: Int) async throws -> [Double] {
        let stream = sequencer.inputs()
        try await sequencer.connectInput(from: sequencer.outputAddress)
        let base = try await sequencer.queueNow() + .milliseconds(300)
        let times = (0..<80).map { base + .milliseconds(20 * $0) + .nanoseconds(Int64(period) * Int64($0) / 80) }
        try await sequencer.schedule(times.enumerated().map {
            TimedMIDIEvent(.noteOn(channel: MIDIChannel(9)!, note: MIDINote(20 + $0)!, velocity: 100), at: $1)
        })
        var errors: [Double] = []
        let deadline = ContinuousClock.now + .seconds(5)
        for await input in stream {
            if case .midi(.noteOn(_, let note, _), _, _, let stamp?) = input, (20..<100).contains(Int(note.rawValue)) {
                errors.append(Double(stamp.nanoseconds - times[Int(note.rawValue) - 20].nanoseconds) / 1e6)
            }
            if errors.count == times.count || ContinuousClock.now > deadline { break }
        }
        return errors
    }

    struct IdleCost {
        var interruptsPerSecond: Double
        var cpuPercent: Double
    }

    /// The whole system's local timer interrupts per second and busy share of one core over `seconds`, while
    /// whatever is open stays open (a queue running with nothing scheduled, or nothing).
    static func idleCost(seconds: Int) async throws -> IdleCost {
        let (cpuBefore, interruptsBefore) = (try CPUTimes.read(), try LocalTimerInterrupts.read())
        try await Task.sleep(for: .seconds(seconds))
        let (cpuAfter, interruptsAfter) = (try CPUTimes.read(), try LocalTimerInterrupts.read())
        return IdleCost(interruptsPerSecond: Double(interruptsAfter - interruptsBefore) / Double(seconds),
                        cpuPercent: Double(cpuAfter.busy - cpuBefore.busy) / Double(CPUTimes.ticksPerSecond * seconds) * 100)
    }
}

/// /proc/interrupts' "LOC" line (local timer interrupts, every CPU's summed): each queue wake-up is one.
enum LocalTimerInterrupts {
    static func read() throws -> Int {
        let text = try String(contentsOfFile: "/proc/interrupts", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("LOC:") }) else {
            throw BenchError("no LOC line in /proc/interrupts")
        }
        return line.split(separator: " ").dropFirst().prefix { Int($0) != nil }.compactMap { Int($0) }.reduce(0, +)
    }
}

/// /proc/stat's first line: every CPU's time in USER_HZ ticks, busy being all but idle and iowait.
struct CPUTimes {
    static let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))
    var busy: Int

    static func read() throws -> CPUTimes {
        let text = try String(contentsOfFile: "/proc/stat", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else {
            throw BenchError("no cpu line in /proc/stat")
        }
        let fields = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard fields.count >= 7 else { throw BenchError("/proc/stat: \(line)") }
        // user nice system idle iowait irq softirq steal …
        let busy = fields.enumerated().filter { $0.offset != 3 && $0.offset != 4 && $0.offset < 8 }.map(\.element).reduce(0, +)
        return CPUTimes(busy: busy)
    }
}

/// Peach's sequencer as the benchmarks open it: its queue at `PEACH_BENCH_QUEUE_HZ` when that is set (the rhythm
/// figures at another queue frequency; `rhythmprobe` reads it too, so the C reference runs at the same one), else
/// at Peach's default.
func benchSequencer(_ clientName: String) throws -> ALSASequencer {
    let frequency = ProcessInfo.processInfo.environment["PEACH_BENCH_QUEUE_HZ"].flatMap(Int.init)
    return try ALSASequencer(clientName: clientName, queueFrequency: frequency ?? QueueWakeUps.defaultFrequency)
}
