import PeachAudio
import Foundation
import PeachALSA
import PeachCore
import PeachMIDI

/// Figure 3: pitch accuracy through the real FluidSynth (file audio driver, rendered to a WAV).
///
/// Targets: random keys (A3–E5) with random offsets in ±100 c, fractional. For each target three notes
/// are rendered, 0.6 s each with 0.25 s between (so each start shows as a rising edge): the chosen key unbent (the reference: it cancels the
/// SoundFont's own sample tuning, which differs by key and preset), then the target played by a
/// `MidiNotePlayer` with `SynthProfile.fluidSynth2` (bend-scale correction: FluidSynth's bend is 0.8 %
/// short) and by one with `SynthProfile.generalMIDI` (no correction). Instrument: acoustic grand piano
/// (GM 1; PEACH_BENCH_PROGRAM=n overrides), left channel only, chorus and reverb off: of the presets tried
/// (square lead, ocarina, flute, organ) it is the one whose pitch holds steady within a note — the others
/// layer detuned or modulated samples, whose DTFT peak wanders with the beating.
///
/// Sounded pitch = the key's nominal pitch + 1200·log2(f / f_reference), f measured with `PitchMeter`
/// (Hann-windowed DTFT peak) over 0.15…0.5 s of each note. Errors in cents:
///   vs intended = sounded − the pitch the session asked for;
///   vs presented = sounded − `presentedFrequency(for:)`, the player's prediction of what the synth
///   sounds (the pitch Peach scores and records).
/// FluidSynth 2.3.1 truncates pitch to whole cents, so ±1 c is the synth's own floor.
@MainActor
enum PitchBenchmark {
    static let verbose = ProcessInfo.processInfo.environment["PEACH_BENCH_VERBOSE"] != nil
    static let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

    struct Rendered {
        var key: MIDINote
        var intended: Double  // cents from A4
        var presented: [Double]  // per profile
        var sendTimes: [UInt64]  // reference, then one per profile
    }

    static func run(report: BenchReport, short: Bool) async {
        do {
            try await measure(report: report, targets: short ? 6 : 30)
        } catch {
            report.unmeasurable("pitch", "\(error)")
        }
    }

    /// Per profile, each target's error (vs intended, vs presented) in cents.
    typealias Errors = [[(intended: Double, presented: Double)]]

    static func measure(report: BenchReport, targets count: Int) async throws {
        let wavPath = temporaryPath("pitch.wav")
        defer { try? FileManager.default.removeItem(atPath: wavPath) }
        let sequencer = try benchSequencer("Peach")
        defer { sequencer.close() }
        let fluid = try FileRenderingFluidSynth(name: "Peach Bench Synth", wavPath: wavPath, soundFont: soundFont)
        defer { fluid.stop() }
        try await sequencer.connectOutput(to: try await fluid.waitForPort(on: sequencer).address)
        try await Task.sleep(for: .seconds(1))

        let instrument = InstrumentSelection(program: Int(ProcessInfo.processInfo.environment["PEACH_BENCH_PROGRAM"] ?? "") ?? 0)
        let players = [SynthProfile.fluidSynth2, .generalMIDI].map {
            MidiNotePlayer(port: sequencer, configuration: MidiNotePlayerConfiguration(profile: $0, instrument: instrument))
        }
        for player in players { try await player.configure() }
        try await Task.sleep(for: .milliseconds(300))

        let wallStart = monotonicNanoseconds()
        let rendered = try await render(targets: count, players: players)
        let wallSeconds = Double(monotonicNanoseconds() - wallStart) / 1e9
        try await fluid.quit(waiting: 20)

        var analysis = try PitchRenderingAnalysis(wav: try WAVFile(contentsOf: URL(fileURLWithPath: wavPath), channel: 0),
                                                  firstSend: rendered[0].sendTimes[0], verbose: verbose)
        let (errors, unsteady) = try measureErrors(of: rendered, in: &analysis)
        guard unsteady * 2 < count else { throw BenchError("\(unsteady) of \(count) targets rendered unsteadily (guest too slow?)") }
        let keep = analysis.wav.duration / wallSeconds
        let where_ = LatencyBenchmark.nativeSequencer ? "native" : "VM"
        report.add("pitch", "rendering kept up with wall time", keep * 100, "%",
                   note: "WAV \(BenchReport.format(analysis.wav.duration)) s for \(BenchReport.format(wallSeconds)) s of notes (\(where_)), \(count) targets; notes placed by their onset \(analysis.placedByEdge), by the clock \(analysis.placedByClock); \(unsteady) target(s) left out as unsteady")
        reportErrors(report: report, errors: errors)
    }

    /// Random targets, each as three notes: its key unbent (the reference), then the target by each player.
    static func render(targets count: Int, players: [MidiNotePlayer]) async throws -> [Rendered] {
        var random = SeededGenerator(seed: 2026)
        var rendered: [Rendered] = []
        for _ in 0..<count {
            let key = MIDINote(Int.random(in: 57...76, using: &random))!
            let offset = (Double.random(in: -100...100, using: &random) * 1000).rounded() / 1000
            let frequency = Frequency(440 * pow(2, (Double(key.rawValue - 69) * 100 + offset) / 1200))
            // Both profiles place the target on the same nearest key; that key unbent is the reference.
            let placedKey = players[0].tuning.placement(of: frequency).note
            var item = Rendered(key: placedKey, intended: Double(key.rawValue - 69) * 100 + offset, presented: [], sendTimes: [])
            let notes = [(players[0], Frequency(440 * pow(2, Double(placedKey.rawValue - 69) / 12)))] + players.map { ($0, frequency) }
            for (player, pitch) in notes {
                item.sendTimes.append(monotonicNanoseconds())
                try await player.play(frequency: pitch, duration: .milliseconds(600), velocity: .defaultTraining,
                                      amplitudeDB: .unchanged)
                try await Task.sleep(for: .milliseconds(250))
            }
            item.presented = players.map { 1200 * log2($0.presentedFrequency(for: frequency).hertz / 440) }
            rendered.append(item)
        }
        return rendered
    }

    /// Each target's sounded pitch against what was intended and what the player presented; unsteady targets are
    /// left out and counted.
    static func measureErrors(of rendered: [Rendered], in analysis: inout PitchRenderingAnalysis) throws -> (Errors, unsteady: Int) {
        var errors: Errors = [[], []]
        var unsteady = 0
        for item in rendered {
            let nominal = 440 * pow(2, Double(item.key.rawValue - 69) / 12)
            let reference: Double
            let f: [Double]
            do {
                reference = try analysis.measured(item.sendTimes[0], near: nominal)
                f = try (0..<2).map { profile in
                    try analysis.measured(item.sendTimes[profile + 1],
                                          near: reference * pow(2, (item.intended - Double(item.key.rawValue - 69) * 100) / 1200))
                }
            } catch is PitchRenderingAnalysis.Unsteady {
                unsteady += 1
                continue
            }
            for profile in 0..<2 {
                let sounded = Double(item.key.rawValue - 69) * 100 + 1200 * log2(f[profile] / reference)
                errors[profile].append((sounded - item.intended, sounded - item.presented[profile]))
                if verbose {
                    print(String(format: "pitch: key %d ref %.3f Hz, profile %d: %.3f Hz, intended %+.3f c, presented %+.3f c, sounded %+.3f c",
                                 item.key.rawValue, reference, profile, f[profile], item.intended, item.presented[profile], sounded))
                }
            }
        }
        return (errors, unsteady)
    }

    static func reportErrors(report: BenchReport, errors: Errors) {
        let names = ["fluidSynth2 (bend-scale corrected)", "generalMIDI (uncorrected)"]
        for profile in 0..<2 {
            for (kind, pick) in [("vs presented", { (e: (intended: Double, presented: Double)) in e.presented }),
                                 ("vs intended", { (e: (intended: Double, presented: Double)) in e.intended })] {
                let signed = errors[profile].map(pick)
                let magnitudes = signed.map(abs)
                let mean = signed.reduce(0, +) / Double(signed.count)
                let p95 = percentile(magnitudes, 95)
                let isGoal = profile == 0 && kind == "vs presented"
                report.add("pitch", "\(names[profile]) \(kind) |error| mean", magnitudes.reduce(0, +) / Double(magnitudes.count), "cents")
                report.add("pitch", "\(names[profile]) \(kind) |error| p95", p95, "cents",
                           goal: isGoal ? "≤ 1 c (FluidSynth's whole-cent floor)" : nil, met: isGoal ? p95 <= 1 : nil,
                           anchor: isGoal ? "iOS Peach: 0.1 c precision for its own sampler" : nil)
                report.add("pitch", "\(names[profile]) \(kind) |error| max", magnitudes.max() ?? .nan, "cents")
                report.add("pitch", "\(names[profile]) \(kind) mean signed error", mean, "cents",
                           goal: isGoal ? "|bias| < 0.25 c" : nil, met: isGoal ? abs(mean) < 0.25 : nil)
            }
        }
    }
}
