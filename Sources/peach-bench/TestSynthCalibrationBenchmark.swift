import Foundation
import Glibc
import PeachALSA
import PeachApp
import PeachAudio
import PeachCore
import PeachMIDI
import PeachTrainer

/// Figure 4b: what synth calibration buys on a deliberately imperfect synth: `peach-test-synth`
/// (Tests/TestSynth, sines in real time into the snd-aloop loopback card; scripts/bench builds it
/// and names it in PEACH_BENCH_TEST_SYNTH) with a bend of 97 c per nominal semitone, five mistuned
/// keys (±4…12 c), and a 7-bit bend (3.03-c steps at ±2 semitones); the full run adds the same synth
/// with a 14-bit bend. Needs the sequencer and the loopback card: the sequencer group.
///
/// Calibration is `CaptureCalibrator` (what `peach calibrate --capture` runs). Then one target per key
/// (the key plus a random offset in ±45 c) played by a `MidiNotePlayer` with the built-in General MIDI
/// profile (before) and with the calibrated one (after), recorded from the loopback's capture side and
/// measured (`ToneMeasurer`). Errors in cents over keys: vs presented = sounded − the pitch the player
/// says it presented (what Peach records); vs intended = sounded − the pitch the session asked for.
enum TestSynthCalibrationBenchmark {
    static let name = "testsynth"
    static let mistune = "60:-4.2,64:+7.5,67:+8.4,69:-5.6,72:+12.3"
    static let device = (playback: "hw:Loopback,0,0", capture: "hw:Loopback,1,0")

    static func run(report: BenchReport, short: Bool) async {
        do {
            guard FileManager.default.fileExists(atPath: "/proc/asound/Loopback") else {
                throw BenchError("no loopback card (snd-aloop): scripts/bench loads it in the VM (run-in-alsa-vm.sh -M snd-aloop)")
            }
            let keys = short ? MIDINote(67)!...MIDINote(72)! : MIDINote(60)!...MIDINote(72)!
            for bits in short ? [7] : [7, 14] {
                try await measure(report: report, bits: bits, keys: keys)
            }
        } catch {
            report.unmeasurable(name, "\(error)")
        }
    }

    /// A note played after calibration: by which profile (0 before, 1 after), what was asked, what the player presented.
    typealias PlayedNote = (profile: Int, intended: Frequency, presented: Frequency)
    /// Per profile, each note's error (vs intended, vs presented) in cents.
    typealias Errors = [[(intended: Double, presented: Double)]]

    static func measure(report: BenchReport, bits: Int, keys: ClosedRange<MIDINote>) async throws {
        let synthName = "Peach Bench Test Synth \(bits)"
        print("testsynth: starting \(synthName)")
        let synth = try TestSynthProcess(["--name", synthName, "--device", device.playback, "--bend-scale", "97",
                                          "--bend-bits", String(bits), "--mistune", mistune])
        defer { synth.stop() }
        let sequencer = try ALSASequencer(clientName: "Peach bench")
        defer { sequencer.close() }
        guard let port = try await sequencer.ports().first(where: { $0.clientName == synthName && $0.acceptsOutput }) else {
            throw BenchError("peach-test-synth's port is not listed")
        }
        try await sequencer.connectOutput(to: port.address)
        let label = "\(bits)-bit test synth"
        let calibration = try await calibrate(report: report, label: label, sequencer: sequencer, synthName: synthName, keys: keys)
        reportCalibration(report: report, label: label, calibration: calibration, bits: bits)
        let (played, recording) = try await playTargets(on: sequencer, keys: keys,
                                                         profiles: [SynthProfile.generalMIDI, calibration.profile(basedOn: .generalMIDI)],
                                                         label: label)
        let errors = try measureErrors(played: played, recording: recording, label: label)
        reportErrors(report: report, label: label, errors: errors, calibration: calibration)
    }

    /// Peach's capture calibration against the synth, with its bend sweep printed and its wall time reported.
    static func calibrate(report: BenchReport, label: String, sequencer: ALSASequencer, synthName: String,
                          keys: ClosedRange<MIDINote>) async throws -> SynthCalibration {
        let calibrator = CaptureCalibrator(device: device.capture, plan: CalibrationPlan(instrument: .piano, bendRange: .default, keys: keys))
        let started = monotonicNanoseconds()
        let result = try await calibrator.calibrate(sequencer: sequencer, synthName: synthName,
                                                    progress: { print("testsynth: \(label): \($0)") })
        print("testsynth: \(label): \(result.overruns) capture overruns; bend sweep (nominal → sounded − key, cents):")
        for measurement in result.measurements where measurement.probe.purpose == .bendScale {
            print("  bend \(measurement.probe.bend.value): nominal \(BenchReport.format(measurement.probe.nominalOffset.value)) → "
                  + (measurement.sounded.map { BenchReport.format(($0 - result.calibration.keyTuning.offset(of: measurement.probe.note)).value) }
                     ?? "not measured") + " (wander \(BenchReport.format(measurement.wander.value)))")
        }
        let seconds = Double(monotonicNanoseconds() - started) / 1e9
        report.add(name, "\(label) capture calibration wall time", seconds, "s",
                   note: "\(calibrator.sequence.probes.count) notes in real time: \(result.calibration.summary)")
        return result.calibration
    }

    /// What the calibration found against what the synth was told to be: bend scale, resolution, key tuning.
    static func reportCalibration(report: BenchReport, label: String, calibration: SynthCalibration, bits: Int) {
        report.add(name, "\(label) measured bend scale", calibration.centsPerBendSemitone, "c/semitone",
                   goal: "97 ± 0.3", met: abs(calibration.centsPerBendSemitone - 97) <= 0.3)
        report.add(name, "\(label) measured bend resolution", Double(calibration.bendResolutionBits), "bits",
                   goal: "\(bits)", met: calibration.bendResolutionBits == bits)
        let expectedKeys = Dictionary(uniqueKeysWithValues: mistune.split(separator: ",").map { item in
            let parts = item.split(separator: ":")
            return (MIDINote(Int(parts[0])!)!, Double(parts[1])!)
        })
        let keyErrors = calibration.keyTuning.offsets.map { abs($0.value.value - (expectedKeys[$0.key] ?? 0)) }
        report.add(name, "\(label) key tuning |error| max", keyErrors.max() ?? .nan, "cents", goal: "≤ 0.3 c",
                   met: (keyErrors.max() ?? .infinity) <= 0.3)
    }

    /// Random targets (±45 c off each key) played by each profile's player while recording.
    static func playTargets(on sequencer: ALSASequencer, keys: ClosedRange<MIDINote>, profiles: [SynthProfile],
                            label: String) async throws -> ([PlayedNote], WAVFile) {
        var random = SeededGenerator(seed: 2211)
        let targets = keys.notes.map { key in
            DetunedMIDINote(note: key, offset: Cents((Double.random(in: -45...45, using: &random) * 1000).rounded() / 1000)).frequency()
        }
        let capture = try PCMCapture(device: device.capture)
        var played: [PlayedNote] = []
        try await Task.sleep(for: .milliseconds(300))
        for (index, profile) in profiles.enumerated() {
            let player = MidiNotePlayer(port: sequencer, configuration: MidiNotePlayerConfiguration(profile: profile))
            try await player.configure()
            for target in targets {
                played.append((index, target, player.presentedFrequency(for: target)))
                try await player.play(frequency: target, duration: .milliseconds(500), velocity: MIDIVelocity(clamping: 100),
                                      amplitudeDB: .unchanged)
                try await Task.sleep(for: .milliseconds(250))
            }
            try await player.stopAll()
        }
        let recording = WAVFile(sampleRate: 44100, samples: try capture.stop())
        print("testsynth: \(label): \(played.count) notes played, \(capture.overruns) capture overruns")
        return (played, recording)
    }

    /// Each note's sounded pitch, found at its onset in the recording, against what was intended and presented.
    static func measureErrors(played: [PlayedNote], recording: WAVFile, label: String) throws -> Errors {
        let onsets = recording.onsets(fraction: 0.1, quiet: 0.1)
        guard onsets.count == played.count else {
            throw BenchError("\(onsets.count) notes heard for \(played.count) played (\(label))")
        }
        var errors: Errors = [[], []]
        for (note, onset) in zip(played, onsets) {
            guard let tone = ToneMeasurer.measure(recording.samples, sampleRate: recording.sampleRate, from: onset + 0.125,
                                                  to: onset + 0.45, near: note.presented.hertz, searchCents: 40) else {
                throw BenchError("a note at \(onset) s is silent (\(label))")
            }
            let sounded = Frequency(tone.frequency)
            errors[note.profile].append((Cents.between(note.intended, and: sounded).value, Cents.between(note.presented, and: sounded).value))
        }
        return errors
    }

    static func reportErrors(report: BenchReport, label: String, errors: Errors, calibration: SynthCalibration) {
        let halfStep = calibration.bendResolutionBits < SynthProfile.fullBendBits
            ? 2 * calibration.centsPerBendSemitone / 8192 * Double(1 << (SynthProfile.fullBendBits - calibration.bendResolutionBits)) / 2 : 0
        for (index, stage) in ["before calibration (General MIDI profile)", "after calibration"].enumerated() {
            for (kind, pick) in [("vs presented", { (e: (intended: Double, presented: Double)) in e.presented }),
                                 ("vs intended", { (e: (intended: Double, presented: Double)) in e.intended })] {
                let magnitudes = errors[index].map(pick).map(abs)
                let goal: (String, Double)? = index == 0 ? nil
                    : kind == "vs presented" ? ("≤ 0.5 c", 0.5)
                    : halfStep > 0 ? ("≤ half a bend step + 0.5 c (\(BenchReport.format(halfStep + 0.5)) c)", halfStep + 0.5) : ("≤ 0.5 c", 0.5)
                report.add(name, "\(label) \(stage) \(kind) |error| mean", magnitudes.reduce(0, +) / Double(magnitudes.count), "cents")
                report.add(name, "\(label) \(stage) \(kind) |error| p95", percentile(magnitudes, 95), "cents")
                report.add(name, "\(label) \(stage) \(kind) |error| max", magnitudes.max() ?? .nan, "cents",
                           goal: goal?.0, met: goal.map { (magnitudes.max() ?? .infinity) <= $0.1 })
            }
        }
    }
}

/// A running peach-test-synth; it prints "READY client:port" once its port exists, and fades out on SIGTERM.
final class TestSynthProcess {
    let process = Process()
    private let output = Pipe()

    static var path: String {
        ProcessInfo.processInfo.environment["PEACH_BENCH_TEST_SYNTH"] ?? ".build/bench/peach-test-synth"
    }

    init(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else {
            throw BenchError("\(Self.path) is not built (scripts/bench compiles Tests/TestSynth/peach-test-synth.c)")
        }
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchError("peach-test-synth exited: \(String(decoding: printed, as: UTF8.self))") }
            printed.append(chunk)
        }
        guard String(decoding: printed, as: UTF8.self).hasPrefix("READY") else {
            stop()
            throw BenchError("peach-test-synth: \(String(decoding: printed, as: UTF8.self))")
        }
    }

    /// SIGTERM (it fades out and exits), SIGKILL after 10 s.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            let waiting = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8)) ?? "?"
            let signals = ((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? "")
                .split(separator: "\n").filter { $0.hasPrefix("Sig") }.joined(separator: ", ")
            print("testsynth: peach-test-synth did not exit on SIGTERM (waiting in \(waiting); \(signals)); killed")
            kill(process.processIdentifier, SIGKILL)
        }
    }
}
