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

    static func measure(report: BenchReport, targets count: Int) async throws {
        guard FileManager.default.fileExists(atPath: soundFont) else { throw BenchError("\(soundFont) missing (fluid-soundfont-gm)") }
        let wavPath = temporaryPath("pitch.wav")
        defer { try? FileManager.default.removeItem(atPath: wavPath) }
        let sequencer = try ALSASequencer(clientName: "Peach")
        defer { sequencer.close() }

        // FluidSynth as the README recipe says; ended with "quit" so the WAV header is finished.
        let synthName = "Peach Bench Synth"
        let fluid = Process()
        let fluidInput = Pipe()
        fluid.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        fluid.arguments = ["-a", "file", "-m", "alsa_seq", "-p", synthName, "-g", "0.5", "-C", "0", "-R", "0",
                           "-o", "audio.file.name=\(wavPath)", "-o", "audio.file.type=wav", "-o", "midi.autoconnect=0",
                           "-o", "audio.period-size=1024", soundFont]
        fluid.standardInput = fluidInput
        fluid.standardOutput = FileHandle.nullDevice
        fluid.standardError = FileHandle.nullDevice
        try fluid.run()
        defer {
            if fluid.isRunning {
                try? fluidInput.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
                let deadline = monotonicNanoseconds() + 10_000_000_000
                while fluid.isRunning && monotonicNanoseconds() < deadline { usleep(20_000) }
                if fluid.isRunning { fluid.terminate() }
            }
        }
        // Its port appears before the SoundFont has loaded; the file driver starts (the WAV grows) after.
        var synthPort: SequencerPortInfo?
        let deadline = monotonicNanoseconds() + 60_000_000_000
        while monotonicNanoseconds() < deadline {
            if let port = try await sequencer.ports().first(where: { $0.clientName == synthName && $0.acceptsOutput }),
               let size = try? FileManager.default.attributesOfItem(atPath: wavPath)[.size] as? Int, size > 4096 {
                synthPort = port
                break
            }
            guard fluid.isRunning else { throw BenchError("fluidsynth exited (\(fluid.terminationStatus))") }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard let synthPort else { throw BenchError("fluidsynth did not start within 60 s") }
        try await sequencer.connectOutput(to: synthPort.address)
        try await Task.sleep(for: .seconds(1))

        let instrument = InstrumentSelection(program: Int(ProcessInfo.processInfo.environment["PEACH_BENCH_PROGRAM"] ?? "") ?? 0)
        let players = [SynthProfile.fluidSynth2, .generalMIDI].map {
            MidiNotePlayer(port: sequencer, configuration: MidiNotePlayerConfiguration(profile: $0, instrument: instrument))
        }
        for player in players { try await player.configure() }
        let unbent = players[0]
        try await Task.sleep(for: .milliseconds(300))

        var random = SeededGenerator(state: 2026)
        var rendered: [Rendered] = []
        let wallStart = monotonicNanoseconds()
        for _ in 0..<count {
            let key = MIDINote(Int.random(in: 57...76, using: &random))!
            let offset = (Double.random(in: -100...100, using: &random) * 1000).rounded() / 1000
            let frequency = Frequency(440 * pow(2, (Double(key.rawValue - 69) * 100 + offset) / 1200))
            // Both profiles place the target on the same nearest key; that key unbent is the reference.
            let placedKey = players[0].tuning.placement(of: frequency).note
            var item = Rendered(key: placedKey, intended: Double(key.rawValue - 69) * 100 + offset, presented: [], sendTimes: [])
            let notes = [(unbent, Frequency(440 * pow(2, Double(placedKey.rawValue - 69) / 12)))] + players.map { ($0, frequency) }
            for (player, pitch) in notes {
                item.sendTimes.append(monotonicNanoseconds())
                try await player.play(frequency: pitch, duration: .milliseconds(600), velocity: .defaultTraining,
                                      amplitudeDB: .unchanged)
                try await Task.sleep(for: .milliseconds(250))
            }
            item.presented = players.map { 1200 * log2($0.presentedFrequency(for: frequency).hertz / 440) }
            rendered.append(item)
        }
        let wallSeconds = Double(monotonicNanoseconds() - wallStart) / 1e9
        try fluidInput.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        let quitDeadline = monotonicNanoseconds() + 20_000_000_000
        while fluid.isRunning && monotonicNanoseconds() < quitDeadline { try await Task.sleep(for: .milliseconds(50)) }

        let wav = try WAVFile(contentsOf: URL(fileURLWithPath: wavPath), channel: 0)
        guard let firstOnset = wav.firstOnset() else { throw BenchError("the rendering is silent") }
        let firstSend = rendered[0].sendTimes[0]
        // Each note is placed at the rising edge nearest its send time (relative to the first note's);
        // a guest that renders in bursts can shift the timeline, so the wall clock alone is not enough.
        let edges = wav.risingEdges()
        var placedByEdge = 0, placedByClock = 0
        func measured(_ sent: UInt64, near guess: Double) throws -> Double {
            var start = firstOnset + Double(sent - firstSend) / 1e9
            if let edge = edges.min(by: { abs($0 - start) < abs($1 - start) }), abs(edge - start) < 0.15 {
                start = edge
                placedByEdge += 1
            } else {
                placedByClock += 1
            }
            let from = Int((start + 0.15) * wav.sampleRate), to = Int((start + 0.5) * wav.sampleRate)
            guard from >= 0, to <= wav.samples.count else { throw BenchError("the WAV ends before a note (guest too slow?)") }
            let middle = (from + to) / 2
            let whole = PitchMeter.fundamental(of: wav.samples[from..<to], sampleRate: wav.sampleRate, near: guess, searchCents: 40)
            // A steady note measures the same in both halves; a guest that could not keep up leaves
            // gaps or glitches in the audio, and such a note is left out (and counted).
            let first = PitchMeter.fundamental(of: wav.samples[from..<middle], sampleRate: wav.sampleRate, near: whole, searchCents: 10)
            let second = PitchMeter.fundamental(of: wav.samples[middle..<to], sampleRate: wav.sampleRate, near: whole, searchCents: 10)
            if verbose {
                print(String(format: "pitch: note at %.3f s (clock %.3f s): %.3f Hz, halves %.3f / %.3f Hz", start,
                             firstOnset + Double(sent - firstSend) / 1e9, whole, first, second))
            }
            guard abs(PitchMeter.cents(first, relativeTo: second)) < 1 else { throw Unsteady() }
            return whole
        }
        struct Unsteady: Error {}
        // errors[profile] = (vs intended, vs presented)
        var errors: [[(Double, Double)]] = [[], []]
        var unsteady = 0
        for item in rendered {
            let nominal = 440 * pow(2, Double(item.key.rawValue - 69) / 12)
            let reference: Double
            let f: [Double]
            do {
                reference = try measured(item.sendTimes[0], near: nominal)
                f = try (0..<2).map { profile in try measured(item.sendTimes[profile + 1], near: reference * pow(2, (item.intended - Double(item.key.rawValue - 69) * 100) / 1200)) }
            } catch is Unsteady {
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

        guard unsteady * 2 < count else { throw BenchError("\(unsteady) of \(count) targets rendered unsteadily (guest too slow?)") }
        let keep = wav.duration / wallSeconds
        let where_ = LatencyBenchmark.nativeSequencer ? "native" : "VM"
        report.add("pitch", "rendering kept up with wall time", keep * 100, "%",
                   note: "WAV \(BenchReport.format(wav.duration)) s for \(BenchReport.format(wallSeconds)) s of notes (\(where_)), \(count) targets; notes placed by their onset \(placedByEdge), by the clock \(placedByClock); \(unsteady) target(s) left out as unsteady")
        let names = ["fluidSynth2 (bend-scale corrected)", "generalMIDI (uncorrected)"]
        for profile in 0..<2 {
            for (kind, pick) in [("vs presented", { (e: (Double, Double)) in e.1 }), ("vs intended", { (e: (Double, Double)) in e.0 })] {
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
