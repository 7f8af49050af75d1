import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import Synchronization

/// Tap timestamps (docs/rhythm-timing.md): a pad (`rhythmprobe tap`) sends note-ons to Peach:in, each right after reading
/// Peach's queue clock; Peach's recorded tap time is the kernel's stamp on that queue, as `SequencerInput.midi`
/// carries it to the sessions. Error = recorded − sent, idle and beside two CPU burners. The reference: the same
/// note-ons stamped by `rhythmprobe capture` on its own queue, read by the pad just before each send too (after
/// Peach's, so Peach's error also holds that read: the comparison leans against Peach).
enum TapBenchmark {
    static let goalMilliseconds = 0.5

    static func run(report: BenchReport, short: Bool) async {
        do {
            // 120 taps: twelve blocks of ten for the paired figure, and a p90 their sample can estimate (a p99 of 40
            // taps was the single worst one: one late VM timer interrupt decided it). The full run: 200 (p90 still).
            try await measure(report: report, taps: short ? 120 : 200)
        } catch {
            report.unmeasurable("rhythm tap", "\(error)")
        }
    }

    static func measure(report: BenchReport, taps: Int) async throws {
        let capturePath = temporaryPath("tap-capture")
        defer { try? FileManager.default.removeItem(atPath: capturePath) }
        let capture = try RhythmProbe(["capture", capturePath])
        let sequencer = try benchSequencer("Peach")
        defer { sequencer.close() }
        let stamps = StampCollector(sequencer.inputs())
        let pad = try RhythmProbe(["tap", "\(sequencer.inputAddress.client):\(sequencer.inputAddress.port)",
                                   "\(sequencer.timingQueue)", capture.address ?? ""])
        var generator = SeededGenerator(seed: 0x7A9)
        var peachErrors: [[Double]] = [], referenceSent: [[Int64]] = []
        for loaded in [false, true] {
            let burners = try loaded ? [RhythmProbe(["burn"], ready: false), RhythmProbe(["burn"], ready: false)] : []
            if loaded { try await Task.sleep(for: .seconds(1)) }
            var errors: [Double] = [], sentToReference: [Int64] = []
            // Five unmeasured taps first: the first events after a client opens (or beside newly started
            // burners) come late in the VM, for any client (docs/rhythm-timing.md).
            for index in -5..<taps {
                pad.send("tap")
                let fields = pad.readLine()?.split(separator: " ") ?? []
                guard fields.count == 3, fields[0] == "SENT", let sent = Int64(fields[1]), let reference = Int64(fields[2]) else {
                    throw BenchError("the pad stopped")
                }
                let stamp = try await stamps.next(timeout: .seconds(2))
                sentToReference.append(reference)
                if index >= 0 { errors.append(Double(stamp.nanoseconds - sent) / 1e6) }
                // Taps come at human intervals, not in a burst.
                try await Task.sleep(for: .milliseconds(Int.random(in: 40...120, using: &generator)))
            }
            for burner in burners { burner.finish() }
            peachErrors.append(errors)
            referenceSent.append(sentToReference)
        }
        pad.finish()
        capture.finish()
        let arrivals = CapturedRhythm.read(capturePath).filter { $0.kind == "on" }.map { Int64($0.nanoseconds) }
        guard arrivals.count == referenceSent.joined().count else {
            throw BenchError("the reference capture stamped \(arrivals.count) of \(referenceSent.joined().count) taps")
        }
        var remaining = arrivals[...]
        for (condition, (errors, sent)) in zip(["idle", "loaded"], zip(peachErrors, referenceSent)) {
            let stamped = remaining.prefix(sent.count)
            remaining = remaining.dropFirst(sent.count)
            let reference = zip(stamped, sent).dropFirst(5).map { Double($0 - $1) / 1e6 }
            add(condition, peach: errors, reference: reference, to: report)
        }
    }

    /// Peach's stamps against the C client's stamps of the same taps, in blocks of ten taps (`PairedRatio`: the
    /// median per-block ratio of mean |error| with its 95 % interval), and Peach's own p90 (120 taps cannot estimate a
    /// p99: it would be their worst one or two), judged against the goal where the sequencer is native.
    static func add(_ condition: String, peach: [Double], reference: [Double], to report: BenchReport) {
        let p90 = percentile(peach.map(abs), 90), referenceP90 = percentile(reference.map(abs), 90)
        report.add("rhythm", "tap stamp \(condition): |recorded − sent| p90, Peach", p90, "ms",
                   goal: "≤ \(BenchReport.format(goalMilliseconds)) ms where native",
                   met: LatencyBenchmark.nativeSequencer ? p90 <= goalMilliseconds : nil,
                   note: "p50 \(BenchReport.format(percentile(peach.map(abs), 50))) ms; reference (a C client stamping on its own queue) "
                       + "p50 \(BenchReport.format(percentile(reference.map(abs), 50))) / p90 \(BenchReport.format(referenceP90)) ms; "
                       + "\(peach.count) MIDI note-ons after 5 unmeasured")
        let blocks = stride(from: 0, to: min(peach.count, reference.count) - 9, by: 10).map { start in
            (candidate: mean(peach[start..<start + 10].map(abs)), reference: mean(reference[start..<start + 10].map(abs)))
        }
        guard let paired = PairedRatio(blocks) else {
            report.unmeasurable("rhythm", "tap stamp \(condition): no block of ten taps stamped by both")
            return
        }
        let verdict = paired.verdict(ratioAtMost: 1.1, orDifferenceAtMost: 0.05)
        report.add("rhythm", "tap stamp \(condition): mean |error|, Peach / reference (paired)", paired.ratio, "×",
                   goal: "≤ 1.1 or within 0.05 ms", met: verdict == .met ? true : verdict == .notMet ? false : nil,
                   note: paired.summary + " of ten taps, " + verdict.rawValue,
                   paired: paired, verdict: verdict.rawValue)
    }
}

/// The kernel stamps of the note-ons arriving at Peach:in, in order.
final class StampCollector: Sendable {
    private let stamps = Mutex<[QueueInstant]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ inputs: AsyncStream<SequencerInput>) {
        let listening = Task { [weak self] in
            for await input in inputs {
                guard case .midi(.noteOn(_, _, let velocity), _, _, let stamp?) = input, velocity > 0 else { continue }
                self?.stamps.withLock { $0.append(stamp) }
            }
        }
        task.withLock { $0 = listening }
    }

    deinit { task.withLock { $0?.cancel() } }

    /// The oldest stamp not yet taken, waiting for it up to `timeout`.
    func next(timeout: Duration) async throws -> QueueInstant {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let first = stamps.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return first }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw BenchError("no stamped note-on arrived within \(timeout)")
    }
}
