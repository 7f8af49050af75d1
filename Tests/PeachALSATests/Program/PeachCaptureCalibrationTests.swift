import Foundation
import Glibc
import PeachALSA
import Testing

/// Whether the ALSA loopback card (snd-aloop) is here: scripts/test-alsa loads it in the VM. With
/// PEACH_REQUIRE_SEQUENCER=1 its absence fails the test rather than skipping it.
enum LoopbackRequirement {
    static let present = FileManager.default.fileExists(atPath: "/proc/asound/Loopback")
    static let shouldRun = present || SequencerRequirement.required
}

extension RealSequencerTests {
    /// `peach calibrate --capture`, end to end: FluidSynth plays in real time into the loopback
    /// card's playback side, Peach plays the calibration sequence to it over the sequencer and
    /// records the capture side. The profile must match the known facts and the offline
    /// calibration of the same preset.
    @Suite(.enabled(if: LoopbackRequirement.shouldRun))
    struct PeachCaptureCalibrationTests {
        static let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
        static let config = """
        [training]
        lowest_note = G4
        highest_note = C5

        """

        @Test func captureCalibrationMatchesTheOfflineOne() async throws {
            #expect(LoopbackRequirement.present, "snd-aloop is not loaded (scripts/run-in-alsa-vm.sh -M snd-aloop)")
            guard LoopbackRequirement.present else { return }
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let synth = try LoopbackSynth(name: "Loop Synth", soundFont: Self.soundFont)
            defer { synth.stop() }
            let observer = try ALSASequencer(clientName: "Peach test observer")
            try await synth.waitUntilReady(directory: observer)

            // The loopback carries FluidSynth's output (arecord as an independent witness, for the log).
            let witness = Process()
            witness.executableURL = URL(fileURLWithPath: "/usr/bin/arecord")
            witness.arguments = ["-D", "hw:Loopback,1,0", "-f", "S16_LE", "-r", "44100", "-c", "2", "-d", "1",
                                 directory.appendingPathComponent("witness.wav").path]
            try witness.run()
            witness.waitUntilExit()
            print("arecord witness: exit \(witness.terminationStatus)")
            let captured = try PeachProgram.captureCalibration(["calibrate", "--capture", "hw:Loopback,1,0", "--port", "Loop Synth", "--json"]
                                        + PeachProgram.dataArguments(directory), directory: directory)
            #expect(captured.waitForExit(timeout: .seconds(500)) == 0, "\(captured.transcript)")
            let offline = try PeachRun(["calibrate", "--soundfont", Self.soundFont, "--json"] + PeachProgram.dataArguments(directory),
                                       directory: directory)
            #expect(offline.waitForExit(timeout: .seconds(300)) == 0, "\(offline.transcript)")
            let live = try Self.figures(captured.stdout.text), reference = try Self.figures(offline.stdout.text)
            print("capture calibration: \(captured.stderr.text)\n\(captured.stdout.text)")

            let scale = try #require(live["centsPerBendSemitone"] as? Double)
            #expect(abs(scale - 99.22) <= 0.1, "bend scale \(scale)")
            #expect(live["pitchResolutionCents"] as? Double == 1)
            #expect(live["rounding"] as? String == "down")
            #expect(live["honoursBendRange"] as? Bool == true)
            let liveKeys = try #require(live["keyOffsetsCents"] as? [String: Double])
            let referenceKeys = try #require(reference["keyOffsetsCents"] as? [String: Double])
            #expect(Set(liveKeys.keys) == Set(referenceKeys.keys))
            for (key, offset) in referenceKeys {
                let measured = liveKeys[key] ?? .nan
                #expect(abs(measured - offset) <= 0.3, "key \(key): captured \(measured), offline \(offset)")
            }
            // FluidSynth's MIDI-to-sound latency, from the probe's clicks (a wood block on channel 10):
            // most of the 40 heard, and no more than its audio buffer (8 periods of 1024 frames, 186 ms)
            // plus a period and the loopback's timer step can explain.
            let latency = try #require(live["latencyMs"] as? [String: Any], "no latency measured")
            let median = try #require(latency["median"] as? Double)
            #expect((latency["count"] as? Int ?? 0) >= 30, "\(latency)")
            #expect(median > 0 && median < 250, "\(latency)")
            // Stored under the synth's client name, for training with it.
            let stored = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("calibration").path)
            #expect(stored.contains { $0.hasPrefix("synth-Loop_Synth-") }, "\(stored)")
        }

        static func figures(_ text: String) throws -> [String: Any] {
            let start = try #require(text.firstIndex(of: "{"), "no JSON in: \(text)")
            return try #require(try JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any])
        }
    }
}

/// FluidSynth playing in real time to the loopback card's playback side (hw:Loopback,0,0).
final class LoopbackSynth {
    let name: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let printed = PrintedText()

    init(name: String, soundFont: String) throws {
        self.name = name
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        // Chorus and reverb off (chorus wobbles pitch); large periods for the emulated CPU.
        process.arguments = ["-a", "alsa", "-m", "alsa_seq", "-p", name, "-g", "0.5", "-C", "0", "-R", "0",
                             "-o", "audio.alsa.device=hw:Loopback,0,0", "-o", "midi.autoconnect=0", "-r", "44100",
                             "-o", "audio.period-size=1024", "-o", "audio.periods=8", soundFont]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let printed = self.printed
        output.fileHandleForReading.readabilityHandler = { printed.append($0.availableData) }
        try process.run()
    }

    /// Its port is listed and its shell answers (the SoundFont on the command line is loaded before the shell starts).
    func waitUntilReady(directory: ALSASequencer) async throws {
        try input.fileHandleForWriting.write(contentsOf: Data("fonts\n".utf8))
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let ported = try await directory.ports().contains { $0.clientName == name && $0.acceptsOutput }
            if ported, printed.text.contains("FluidR3") { return }
            guard process.isRunning else { throw LoopbackFailure(description: "fluidsynth exited: \(printed.text)") }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw LoopbackFailure(description: "fluidsynth did not get ready: \(printed.text)")
    }

    func stop() { FluidSynthShell.quit(process, input: input) }

    deinit { stop() }
}

/// FluidSynth's output, collected on the pipe's reader thread.
private final class PrintedText: @unchecked Sendable {
    // @unchecked: `data` is guarded by `lock`.
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock(); defer { lock.unlock() }
        data.append(chunk)
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

struct LoopbackFailure: Error, CustomStringConvertible { let description: String }
