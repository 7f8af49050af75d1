import Foundation
import Glibc
import PeachALSA
import PeachMIDI

/// `peach-test-synth` (Tests/TestSynth/peach-test-synth.c): a sequencer client that renders sines
/// into the loopback card's playback side with a chosen bend scale, bend resolution and mistuned
/// keys. scripts/test-alsa compiles it on the host and names it in PEACH_TEST_SYNTH (the VM has no compiler).
final class ImperfectSynth {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// PEACH_TEST_SYNTH, else the package's `.build/test-synth/peach-test-synth`; nil when neither is built.
    static var executable: String? {
        let candidates: [String?] = [ProcessInfo.processInfo.environment["PEACH_TEST_SYNTH"],
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                            .deletingLastPathComponent().deletingLastPathComponent()
                            .appendingPathComponent(".build/test-synth/peach-test-synth").path]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let name: String
    private let process = Process()
    private let output = Pipe()
    private let printed: OutputCollector

    /// Starts it and waits for its port. `options`: `--bend-scale`, `--bend-bits`, `--mistune`, ….
    init(name: String, options: [String], device: String = "hw:Loopback,0,0") throws {
        guard let executable = Self.executable else {
            throw Failure(description: "peach-test-synth is not built: scripts/test-alsa compiles it "
                          + "(cc -O2 -Wall -o .build/test-synth/peach-test-synth Tests/TestSynth/peach-test-synth.c -lasound -lm)")
        }
        self.name = name
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--name", name, "--device", device] + options
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        printed = OutputCollector(fileDescriptor: output.fileHandleForReading.fileDescriptor, name: "test synth output")
        try process.run()
        guard printed.wait(timeout: .seconds(60), { $0.contains("READY") ? true : nil }) != nil else {
            stop()
            throw Failure(description: "peach-test-synth did not get ready: \(printed.text)")
        }
    }

    /// Its sequencer port, as `sequencer` lists it.
    func port(on sequencer: ALSASequencer) async throws -> SequencerPortInfo {
        guard let port = try await sequencer.ports().first(where: { $0.clientName == name && $0.acceptsOutput }) else {
            throw Failure(description: "no port named \(name): \(printed.text)")
        }
        return port
    }

    var transcript: String { printed.text }

    /// Its playback buffer and period in frames, as its READY line printed them.
    func playbackSizes() throws -> (buffer: Int, period: Int) {
        let words = transcript.split(separator: " ")
        guard let buffer = words.firstIndex(of: "buffer").flatMap({ Int(words[$0 + 1]) }),
              let period = words.firstIndex(of: "period").flatMap({ Int(words[$0 + 1].prefix { $0.isNumber }) }) else {
            throw Failure(description: "no buffer and period in its READY line: \(transcript)")
        }
        return (buffer, period)
    }

    /// Stops it and waits (at most 5 s) for the report it prints on the way out (its clicks, underruns).
    func stopAndWaitForReport() {
        stop()
        let deadline = Date().addingTimeInterval(5)
        while !transcript.contains("REPORTED"), Date() < deadline { usleep(20_000) }
    }

    /// How often its playback underran, from its "UNDERRUNS n" line (nil before its report).
    var underruns: Int? {
        transcript.split(separator: "\n").first { $0.hasPrefix("UNDERRUNS ") }.flatMap { Int($0.dropFirst("UNDERRUNS ".count)) }
    }

    /// SIGTERM: it fades its notes out and exits.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            let waiting = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8)) ?? "?"
            print("peach-test-synth did not exit on SIGTERM (waiting in \(waiting)); killed")
            kill(process.processIdentifier, SIGKILL)
        }
    }

    deinit { stop() }
}
