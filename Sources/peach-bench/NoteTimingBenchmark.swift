import Foundation
import PeachALSA
import PeachCore
import PeachDisciplines
import PeachMIDI

/// Figure 2: note timing, with Peach's real MidiNotePlayer over ALSASequencer into a capture probe.
///
/// - Duration error: fixed-duration notes played back to back (`MidiNotePlayer.play(frequency:duration:…)`,
///   whose note-off is queued on the sequencer's real-time queue); error = (note-off receipt − note-on
///   receipt) − requested duration, both stamped by the capture probe.
/// - Loop overhead: a `ComparisonSession` over the same player; the bench answers ~100 ms into note 2
///   (cutting it) and measures answer → the next note 1's note-on at the capture probe, minus the 0.4 s
///   feedback the design asks for.
@MainActor
enum NoteTimingBenchmark {
    /// A stretch of notes of one requested length, between two monotonic times.
    typealias Window = (start: UInt64, end: UInt64, seconds: Double)

    static func run(report: BenchReport, short: Bool) async {
        do {
            let capturePath = temporaryPath("timing-capture")
            let capture = try Probe(["capture", capturePath])
            defer { try? FileManager.default.removeItem(atPath: capturePath) }
            guard let sink = capture.address().flatMap(SequencerAddress.init(parsing:)) else { throw BenchError("capture address") }
            let sequencer = try benchSequencer("Peach")
            defer { sequencer.close() }
            let player = MidiNotePlayer(port: sequencer)
            try await sequencer.connectOutput(to: sink)
            try await player.configure()

            let runs: [(seconds: Double, count: Int)] = short ? [(0.3, 5), (0.2, 10)] : [(1.0, 50), (0.3, 50)]
            let windows = try await playDurations(runs, on: player)
            let referenceWindows = try playReferenceDurations(runs, to: capture.address() ?? "")
            let answers = try await answerComparisons(count: short ? 5 : 20, on: player)
            try await Task.sleep(for: .milliseconds(200))
            capture.finish()

            let events = CapturedEvent.read(capturePath)
            for (window, referenceWindow) in zip(windows, referenceWindows) {
                reportDurations(report: report, events: events, window: window, reference: referenceWindow)
            }
            reportLoopOverhead(report: report, events: events, answers: answers)
        } catch {
            report.unmeasurable("timing", "\(error)")
        }
    }

    /// Peach's notes of each requested length, back to back; the window each run took.
    static func playDurations(_ runs: [(seconds: Double, count: Int)], on player: MidiNotePlayer) async throws -> [Window] {
        var windows: [Window] = []
        for (seconds, count) in runs {
            let start = monotonicNanoseconds()
            for index in 0..<count {
                try await player.play(frequency: Frequency(440).shifted(by: Cents(Double(index % 7) * 13.7)),
                                      duration: .milliseconds(Int(seconds * 1000)), velocity: .defaultTraining,
                                      amplitudeDB: .unchanged)
            }
            windows.append((start, monotonicNanoseconds(), seconds))
        }
        return windows
    }

    /// The reference: the same notes from seqprobe (C, no logic), the floor of this machine.
    static func playReferenceDurations(_ runs: [(seconds: Double, count: Int)], to address: String) throws -> [Window] {
        var windows: [Window] = []
        for (seconds, count) in runs {
            let start = monotonicNanoseconds()
            try Probe.run(["notes", address, String(count), String(Int(seconds * 1000))])
            windows.append((start, monotonicNanoseconds(), seconds))
        }
        return windows
    }

    /// A comparison session answered ~100 ms into each note 2; the monotonic time of each answer.
    static func answerComparisons(count: Int, on player: MidiNotePlayer) async throws -> [UInt64] {
        let settings = BenchSettings(TrainingSettings(noteRange: MIDINote(60)!...MIDINote(72)!, noteDuration: .milliseconds(300)))
        let session = ComparisonSession(notePlayer: player, profile: PerceptualProfile(), settings: settings,
                                        strategy: AdaptiveNoteStrategy())
        var answers: [UInt64] = []
        session.start()
        for _ in 0..<count {
            guard await waitUntil(seconds: 10, { session.state == .playingNote2 }) else {
                throw BenchError("the comparison session did not reach note 2")
            }
            try await Task.sleep(for: .milliseconds(100))
            answers.append(monotonicNanoseconds())
            session.answer(higher: true)
        }
        _ = await waitUntil(seconds: 10, { session.state == .playingNote2 })
        await session.stop().value
        return answers
    }

    /// The duration errors of one window's notes, with the reference's of the same length as this machine's floor.
    static func reportDurations(report: BenchReport, events: [CapturedEvent], window: Window, reference referenceWindow: Window) {
        let native = LatencyBenchmark.nativeSequencer
        func errorsIn(_ window: Window) -> [Double] {
            durationErrors(events.filter { $0.nanoseconds >= window.start && $0.nanoseconds <= window.end },
                           requested: window.seconds)
        }
        let errors = errorsIn(window)
        let label = "\(BenchReport.format(window.seconds)) s notes"
        guard !errors.isEmpty else { report.unmeasurable("timing", "\(label): no notes captured"); return }
        let reference = errorsIn(referenceWindow).map(abs)
        if !reference.isEmpty {
            report.add("timing", "\(label) duration error p99, reference (C, same queue scheme)", percentile(reference, 99), "µs",
                       note: "p50 \(BenchReport.format(percentile(reference, 50))) µs, max \(BenchReport.format(reference.max()!)) µs: this machine's floor")
        }
        let magnitudes = errors.map(abs)
        report.add("timing", "\(label) duration error p50", percentile(magnitudes, 50), "µs", note: "n=\(errors.count)")
        let p99 = percentile(magnitudes, 99)
        report.add("timing", "\(label) duration error p99", p99, "µs", goal: "< 1000 µs where native",
                   met: native ? p99 < 1000 : nil, anchor: "design: < 100 ms answer to next comparison",
                   note: native ? nil : "VM: compare with the reference line above")
        report.add("timing", "\(label) duration error max", magnitudes.max()!, "µs",
                   note: "mean signed \(BenchReport.format(errors.reduce(0, +) / Double(errors.count))) µs")
    }

    /// Answer → the next note 1's note-on at the capture probe, minus the 0.4 s feedback.
    static func reportLoopOverhead(report: BenchReport, events: [CapturedEvent], answers: [UInt64]) {
        let native = LatencyBenchmark.nativeSequencer
        let noteOns = events.filter { $0.kind == "on" }.map(\.nanoseconds)
        let overheads: [Double] = answers.compactMap { answer in
            noteOns.first { $0 > answer }.map { Double($0 - answer) / 1e6 - 400 }
        }
        guard !overheads.isEmpty else { report.unmeasurable("timing", "no next-comparison note captured"); return }
        let p50 = percentile(overheads, 50)
        report.add("timing", "answer → next note 1, beyond 0.4 s feedback, p50", p50, "ms", goal: "< 5 ms where native",
                   met: native ? p50 < 5 : nil, anchor: "design: < 100 ms answer to next comparison",
                   note: "n=\(overheads.count)" + (native ? "" : "; VM: CPU emulated 15-40x"))
        report.add("timing", "answer → next note 1, beyond 0.4 s feedback, max", overheads.max()!, "ms")
    }

    /// Pairs each note-on with the next note-off of the same channel and key.
    static func durationErrors(_ events: [CapturedEvent], requested: Double) -> [Double] {
        var open: [Int: UInt64] = [:]
        var errors: [Double] = []
        for event in events {
            let key = event.channel * 128 + event.a
            if event.kind == "on" { open[key] = event.nanoseconds }
            if event.kind == "off", let start = open.removeValue(forKey: key) {
                errors.append(Double(event.nanoseconds - start) / 1000 - requested * 1e6)
            }
        }
        return errors
    }
}
