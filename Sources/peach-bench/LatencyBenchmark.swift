import Foundation
import PeachALSA
import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTrainer

/// Figure 1: controller-to-bend latency.
///
/// A sender probe sends CC 1 at a fixed rate to an input port; the client under test turns each into a
/// pitch bend; a capture probe timestamps the bends. Both probes stamp with CLOCK_MONOTONIC (the send
/// time just before `snd_seq_event_output_direct`, the receipt time just after the read), so a latency is
/// receipt − send of the CC the bend was made from.
///
/// Two clients are measured the same way:
/// - Peach's own path, in this process, wired as the app wires it (`TrainerWiring`): when the tunable note
///   starts, `ControllerInput` routes the knob (absolute 7-bit CC 1, span 200 c so the sweep never leaves
///   the held key's bend range) to the held note; `MidiNotePlayer` installs the `TuningRoute` on the
///   sequencer thread, which turns each CC into the bend as it reads it (one hop: read, compute, write).
///   The main actor hears of the positions afterwards (`SequencerInputQueue` → `SequencerInputRouter` →
///   `TrainerController.handleMIDI`), off the measured path. Not included: the screen redraw.
/// - the reference forwarder (`seqprobe forward`): CC in → bend out, no logic.
///
/// Matching: each bend is attributed to the latest CC sent before it arrived whose value maps to that
/// bend (the values sweep 0…127…0, so neighbours differ).
/// Counts:
/// - skipped: CC positions with no bend of their own. Legitimate when the knob moves faster than bends
///   can be sent: Peach coalesces to the newest position (MidiNotePlayer/PitchMatchingSession).
/// - stale: a bend whose position was already superseded when it was sent, i.e. a newer CC had been
///   sent earlier than the bend's arrival minus the reference forwarder's minimum latency (two kernel
///   hops with no logic: the soonest that newer CC could have reached Peach and come back out).
/// - dropped: bends that match no CC sent, plus 1 if the final knob position never arrived as a bend.
@MainActor
enum LatencyBenchmark {
    struct Result {
        var latencies: [Double]  // µs
        var skipped = 0
        var stale = 0
        var dropped = 0
        var minimum: Double { latencies.min() ?? .nan }

        mutating func add(_ other: Result) {
            latencies += other.latencies
            skipped += other.skipped
            stale += other.stale
            dropped += other.dropped
        }
    }

    /// Rounds of forwarder-then-Peach blocks per rate: the two are measured alternately, and each round's pair of
    /// blocks gives one ratio (`PairedRatio`), so a stretch in which the emulated machine was slow weighs on both sides
    /// of its own pair alike. Twelve in the short run too, with shorter rounds: with four, the interval was about the
    /// pairs' whole range (100/s p50 0.61–2.02 once), and a verdict flipped between met and undecided from run to run.
    /// With eight it still did at 2000/s: the ratio itself moves between VM boots (p50 0.89–1.37 over 19 boots on
    /// 2026-11-27 and 28), and an interval as wide as eight rounds give (1.06–1.64 once) reached past 1.5 in the boots
    /// at the top of that range. Twelve narrow it; the goal's absolute allowance (`reportPaired`) is what keeps the
    /// boot-to-boot shift from deciding a verdict.
    static let rounds = 12

    static func run(report: BenchReport, short: Bool) async {
        let rates: [(rate: Double, count: Int)] = short ? [(100, 360), (2000, 1800)] : [(100, 840), (2000, 4200)]
        report.add("latency", "rounds of forwarder and Peach, alternating", Double(rounds), "per rate")
        for (rate, count) in rates {
            let label = "\(Int(rate))/s"
            do {
                var reference = Result(latencies: []), peach = Result(latencies: [])
                var rounds: [(reference: Result, peach: Result)] = []
                for _ in 0..<Self.rounds {
                    let forwarded = try await measureReference(rate: rate, count: count / Self.rounds)
                    let played = try await measurePeach(rate: rate, count: count / Self.rounds,
                                                        staleAllowance: forwarded.minimum)
                    reference.add(forwarded)
                    peach.add(played)
                    rounds.append((forwarded, played))
                }
                reportPooled(label: label, count: count, reference: reference, peach: peach, report: report)
                reportPaired(label: label, rounds: rounds, report: report)
                reportStale(label: label, rounds: rounds, report: report)
            } catch {
                report.unmeasurable("latency", "\(label): \(error)")
            }
        }
    }

    /// Every round's latencies together: the absolute figures, what was skipped, stale or dropped.
    static func reportPooled(label: String, count: Int, reference: Result, peach: Result, report: BenchReport) {
        report.add("latency", "reference forwarder \(label) p50", percentile(reference.latencies, 50), "µs",
                   note: "n=\(reference.latencies.count) skipped \(reference.skipped) dropped \(reference.dropped)")
        report.add("latency", "reference forwarder \(label) p99", percentile(reference.latencies, 99), "µs")
        report.add("latency", "Peach \(label) p50", percentile(peach.latencies, 50), "µs", note: "n=\(peach.latencies.count)")
        let p99 = percentile(peach.latencies, 99)
        report.add("latency", "Peach \(label) p99", p99, "µs", goal: "< 1000 µs where native",
                   met: nativeSequencer ? p99 < 1000 : nil,
                   anchor: "iOS Peach: 20 ms slider to sound",
                   note: nativeSequencer ? nil : "VM: CPU emulated 15-40x, see the paired ratios")
        report.add("latency", "Peach \(label) max", peach.latencies.max() ?? .nan, "µs")
        report.add("latency", "Peach \(label) skipped (coalesced) positions", Double(peach.skipped), "of \(count)")
        report.add("latency", "reference forwarder \(label) stale bends", Double(reference.stale), "bends")
        report.add("latency", "Peach \(label) stale bends", Double(peach.stale), "bends",
                   note: "superseded by a CC sent earlier than arrival minus the forwarder's minimum latency in that round")
        report.add("latency", "Peach \(label) dropped", Double(peach.dropped), "events", goal: "0", met: peach.dropped == 0)
    }

    /// Peach against the forwarder round by round, at the median and at the 90th percentile (a quantile each round's
    /// sample can estimate; a p99 over one round's few dozen values would be its worst one or two).
    ///
    /// The goal is a ratio or an absolute allowance, as the click goals are: at most 1.5 × the forwarder's, or at most
    /// `allowance` more than it. The ratio alone did not hold between VM boots, and the reason is mostly the reference:
    /// over 23 quiet runs at 2000/s Peach's p50 read 342–514 µs (SD 35) and the forwarder's 286–556 µs (SD 63), and
    /// the three highest ratios (1.25–1.32) came with three of the four fastest forwarders (286, 306 and 387 µs): a
    /// difference of +72 to +95 µs divided by a small reference (docs/knob-route.md).
    static func reportPaired(_ benchmark: String = "latency", label: String, rounds: [(reference: Result, peach: Result)],
                             report: BenchReport) {
        for p in [50.0, 90.0] {
            let blocks = rounds.map { (candidate: percentile($0.peach.latencies, p), reference: percentile($0.reference.latencies, p)) }
            guard let paired = PairedRatio(blocks) else {
                report.unmeasurable(benchmark, "\(label): no round with latencies from both")
                continue
            }
            let verdict = paired.verdict(ratioAtMost: 1.5, orDifferenceAtMost: allowance)
            report.add(benchmark, "Peach/reference \(label) p\(Int(p)) ratio (paired)", paired.ratio, "x",
                       goal: "≤ 1.5 or within \(Int(allowance)) µs",
                       met: verdict == .met ? true : verdict == .notMet ? false : nil,
                       note: paired.summary(unit: "µs", format: "%+.0f", blocks: "rounds") + "; per round "
                           + rounds.map { String(format: "%.0f/%.0f", percentile($0.peach.latencies, p), percentile($0.reference.latencies, p)) }
                               .joined(separator: " ") + " µs",
                       paired: paired, verdict: verdict.rawValue)
        }
    }

    /// How much later than the forwarder's (in the VM's emulated time) a bend may arrive and still meet the goal:
    /// - one knob step at 2000/s: within it, Peach is never a whole position behind the least a client can do;
    /// - about twice the forwarder's own swing between runs (its 2000/s p50 read 286–556 µs), so the harness's
    ///   scheduling alone cannot decide a verdict;
    /// - natively, with the CPU emulated 15–40× slower here, 12–33 µs: a thousandth of what a musician could notice;
    /// - well short of the regression the goal guards against. With the route never installed (its fallback: the knob
    ///   tunes through the main actor, as before the one-hop path) a short run read NOT met on three of the four lines:
    ///   100/s p50 +2136 µs (3.2 ×), 2000/s p50 +3309 µs (7.7 ×) and p90 +6015 µs (8.1 ×); 100/s p90 was undecided
    ///   (1.34–1.98 ×, +1092 to +1770 µs). The same binary with the route, in the next boot, read met on all four
    ///   (2026-11-28).
    ///
    /// On a native sequencer 500 µs of emulated time is 12–33 µs (the emulation factor is 15–40×); the allowance there
    /// is the upper end, 33 µs. No native sequencer was at hand to check it against the forwarder's own swing there.
    nonisolated static var allowance: Double { nativeSequencer ? 500.0 / 15 : 500.0 }  // µs

    /// Stale bends round by round, Peach against the forwarder: information, the figure that tells the emulated CPU
    /// from Peach falling behind; the paired latency ratios carry the verdict. Judged as one pooled count against the
    /// other, two close counts flipped between runs of the same tree (162 against 143 once, 81 against 90 another
    /// time); judged by the paired interval below, rounds of a few to fifty stale bends each left it undecided in
    /// runs whose latency ratios were met (0.45–2.01 once). Each round's two counts, plus one each (a round with none
    /// on either side is a ratio of 1, not a division by zero), give a paired ratio with its interval.
    static func reportStale(label: String, rounds: [(reference: Result, peach: Result)], report: BenchReport) {
        let blocks = rounds.map { (candidate: Double($0.peach.stale + 1), reference: Double($0.reference.stale + 1)) }
        guard let paired = PairedRatio(blocks) else { return }
        report.add("latency", "Peach/reference \(label) stale bends (paired, +1 each)", paired.ratio, "x",
                   note: "information: " + paired.summary(unit: "", format: "%+.1f", blocks: "rounds") + "; per round "
                       + rounds.map { "\($0.peach.stale)/\($0.reference.stale)" }.joined(separator: " "),
                   paired: paired)
    }

    nonisolated static var nativeSequencer: Bool { ProcessInfo.processInfo.environment["ALSAVM_OUT"] == nil
        && ProcessInfo.processInfo.environment["PEACH_BENCH_IN_VM"] == nil }

    // MARK: Reference forwarder

    static func measureReference(rate: Double, count: Int) async throws -> Result {
        let capturePath = temporaryPath("ref-capture"), sentPath = temporaryPath("ref-sent")
        let capture = try Probe(["capture", capturePath])
        let forwarder = try Probe(["forward"])
        guard let input = forwarder.address("in"), let output = forwarder.address("out"), let sink = capture.address() else {
            throw BenchError("probe addresses missing")
        }
        try connect(output, sink)
        try Probe.run(["send", input, String(rate), String(count), sentPath])
        try await Task.sleep(for: .milliseconds(300))
        forwarder.finish()
        capture.finish()
        defer { try? FileManager.default.removeItem(atPath: capturePath); try? FileManager.default.removeItem(atPath: sentPath) }
        let sent = readSent(sentPath), received = CapturedEvent.read(capturePath).filter { $0.kind == "bend" }
        let bends: (Int) -> [Int] = { [$0 * 128 - 8192] }
        var result = analyse(sent: sent, received: received, staleAllowance: 0, bends: bends)
        // Stale by the same rule as Peach's (its own minimum latency as the allowance), to compare.
        result.stale = analyse(sent: sent, received: received, staleAllowance: result.minimum, bends: bends).stale
        return result
    }

    // MARK: Peach's path

    static func measurePeach(rate: Double, count: Int, staleAllowance: Double) async throws -> Result {
        let capturePath = temporaryPath("peach-capture"), sentPath = temporaryPath("peach-sent")
        let capture = try Probe(["capture", capturePath])
        guard let sink = capture.address().flatMap(SequencerAddress.init(parsing:)) else { throw BenchError("capture address") }
        let sequencer = try benchSequencer("Peach")
        defer { sequencer.close() }
        let configuration = MidiNotePlayerConfiguration()
        let player = MidiNotePlayer(port: sequencer, configuration: configuration, routes: sequencer)
        try await sequencer.connectOutput(to: sink)
        try await player.configure()
        let settings = BenchSettings(TrainingSettings(noteRange: MIDINote(60)!...MIDINote(72)!, noteDuration: .milliseconds(200))
            .with { $0.maxInitialCentOffset = Cents(1) })
        let controller = wiredTrainer(player: player, settings: settings)
        guard let session = (controller.modeSession(PitchMatchingMode.id) as? PitchMatchingModeSession)?.matching else {
            throw BenchError("no pitch-matching mode is registered")
        }
        await controller.handle(.open(.training(PitchMatchingMode.id)))
        guard await waitUntil(seconds: 10, { session.isAdjustable }), let challenge = session.currentChallenge else {
            throw BenchError("the pitch-matching session did not reach its tunable note")
        }
        let reference = settings.currentSettings.referencePitch
        let target = challenge.targetFrequency(reference)
        let heldKey = player.tuning.placement(of: challenge.initialFrequency(reference)).note
        let router = SequencerInputRouter(controller: controller) { _ in }
        let (queue, reader) = SequencerInputQueue.fed(by: sequencer.inputs())
        let route = Task { @MainActor in await router.run(queue) }
        defer { route.cancel(); reader.cancel() }
        try await Task.sleep(for: .milliseconds(100))
        let startOfRun = monotonicNanoseconds()
        // The sender runs as its own process; this actor stays free to run Peach's route meanwhile.
        let sender = try Probe(["send", "\(sequencer.inputAddress.client):\(sequencer.inputAddress.port)",
                                String(rate), String(count), sentPath], waitForReady: false)
        while sender.process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        guard sender.process.terminationStatus == 0 else { throw BenchError("sender failed") }
        try await Task.sleep(for: .milliseconds(500))
        _ = session.stop()
        capture.finish()
        defer { try? FileManager.default.removeItem(atPath: capturePath); try? FileManager.default.removeItem(atPath: sentPath) }
        // Drawn when the tunable note started (the challenge's own mapping); the challenge never changes here.
        let bendFor = possibleBends(around: target, heldKey: heldKey, mapping: controller.controllerInput.decoder.mapping,
                                    tuning: player.tuning)
        let bends = CapturedEvent.read(capturePath).filter { $0.kind == "bend" && $0.nanoseconds >= startOfRun }
        return analyse(sent: readSent(sentPath), received: bends, staleAllowance: staleAllowance, bends: bendFor)
    }

    /// The app's own components: the knob routed to the held note by ControllerInput, and the main
    /// actor's route (SequencerInputQueue → SequencerInputRouter → TrainerController), as TrainingApp wires them.
    static func wiredTrainer(player: MidiNotePlayer, settings: BenchSettings) -> TrainerController {
        let profile = PerceptualProfile()
        let hub = InterruptionHub()
        return TrainerWiring.trainer(
            TrainerWiring.Adapters(store: UnsavedTrials(), notePlayer: player, rhythmPlayer: SilentRhythmPlayer(), output: SilentOutput(), settings: settings,
                                   clock: SystemTrainingClock(), logger: SilentLogger(), interruptions: hub),
            profile: profile,
            choices: TrainerWiring.Choices(
                breaks: QuietBreakSchedule(),
                decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 1)),
                                           mapping: KnobMapping(span: Cents(200))),
                userStopFade: .zero))
    }

    /// The bends that may carry knob value 0…127 of `mapping` around `target`: placed on the held key, or
    /// on whichever key the pitch is nearest.
    static func possibleBends(around target: Frequency, heldKey: MIDINote, mapping: KnobMapping,
                              tuning: BendTuning) -> (Int) -> [Int] {
        { value in
            let frequency = target.shifted(by: mapping.cents(at: value, of: 127))
            return [tuning.placement(of: frequency, on: heldKey)?.bend.value,
                    tuning.placement(of: frequency).bend.value].compactMap { $0 }
        }
    }

    // MARK: Analysis

    static func analyse(sent: [(t: UInt64, value: Int)], received: [CapturedEvent], staleAllowance: Double,
                        bends: (Int) -> [Int]) -> Result {
        var byBend: [Int: [Int]] = [:]  // bend value → CC values that map to it
        for value in 0...127 { for bend in bends(value) { byBend[bend, default: []].append(value) } }
        var result = Result(latencies: [])
        var matched = Set<Int>()
        var next = 0  // sends[0..<next] were sent before the current bend arrived
        for event in received {
            while next < sent.count && sent[next].t <= event.nanoseconds { next += 1 }
            let values = byBend[event.a] ?? []
            guard let index = (0..<next).reversed().first(where: { values.contains(sent[$0].value) }) else {
                result.dropped += 1
                continue
            }
            matched.insert(index)
            result.latencies.append(Double(event.nanoseconds - sent[index].t) / 1000)
            let allowance = UInt64(max(staleAllowance, 0) * 1000)
            if index + 1 < next, sent[index + 1].t + allowance < event.nanoseconds { result.stale += 1 }
        }
        result.skipped = sent.count - matched.count
        if let last = sent.indices.last, !matched.contains(last) { result.dropped += 1 }
        return result
    }

    static func readSent(_ path: String) -> [(t: UInt64, value: Int)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 2, let t = UInt64(f[0]), let v = Int(f[1]) else { return nil }
            return (t, v)
        }
    }

    static func connect(_ from: String, _ to: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/aconnect")
        process.arguments = [from, to]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("aconnect \(from) \(to) failed") }
    }
}

/// The trainer's output commands with no synth behind them (the player is driven directly).
struct SilentOutput: TrainingOutput {
    func play() async throws {}
    func stop(fadeOut: Duration?) async {}
    func pause(_ reason: PauseReason) async {}
}

/// The benchmark records nothing: trials end here instead of in a store.
@MainActor
final class UnsavedTrials: RecordObserver {
    func recorded(_ record: TrainingRecord) throws {}
}

/// Fixed settings for the sessions the benchmarks drive.
@MainActor
final class BenchSettings: TrainingSettingsSource {
    var currentSettings: TrainingSettings
    init(_ settings: TrainingSettings) { currentSettings = settings }
}

/// Polls `condition` every millisecond for at most `seconds`.
@MainActor
func waitUntil(seconds: Double, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
    while monotonicNanoseconds() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

extension SequencerAddress {
    /// "128:0"
    init?(parsing text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let client = Int(parts[0]), let port = Int(parts[1]) else { return nil }
        self.init(client: client, port: port)
    }
}
