import Foundation
import PeachALSA
import PeachMIDI

/// FluidSynth rendering to a WAV file (the file audio driver) as the README recipe starts it, chorus and
/// reverb off; ended with "quit" on its shell so the WAV header is finished.
@MainActor
final class FileRenderingFluidSynth {
    let name: String
    let wavPath: String
    private let process = Process()
    private let input = Pipe()

    init(name: String, wavPath: String, soundFont: String) throws {
        guard FileManager.default.fileExists(atPath: soundFont) else { throw BenchError("\(soundFont) missing (fluid-soundfont-gm)") }
        self.name = name
        self.wavPath = wavPath
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        process.arguments = ["-a", "file", "-m", "alsa_seq", "-p", name, "-g", "0.5", "-C", "0", "-R", "0",
                             "-o", "audio.file.name=\(wavPath)", "-o", "audio.file.type=wav", "-o", "midi.autoconnect=0",
                             "-o", "audio.period-size=1024", soundFont]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Its port, once rendering has started: the port appears before the SoundFont has loaded, and the file
    /// driver starts (the WAV grows) after.
    func waitForPort(on sequencer: ALSASequencer) async throws -> SequencerPortInfo {
        let deadline = monotonicNanoseconds() + 60_000_000_000
        while monotonicNanoseconds() < deadline {
            if let port = try await sequencer.ports().first(where: { $0.clientName == name && $0.acceptsOutput }),
               let size = try? FileManager.default.attributesOfItem(atPath: wavPath)[.size] as? Int, size > 4096 {
                return port
            }
            guard process.isRunning else { throw BenchError("fluidsynth exited (\(process.terminationStatus))") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchError("fluidsynth did not start within 60 s")
    }

    /// Asks it to quit and waits up to `seconds` for the WAV to be finished.
    func quit(waiting seconds: Double) async throws {
        guard process.isRunning else { return }
        try input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while process.isRunning && monotonicNanoseconds() < deadline { try await Task.sleep(for: .milliseconds(50)) }
    }

    /// Quits it if it still runs, terminating it after 10 s (for a run that failed on the way).
    func stop() {
        FluidSynthShell.quit(process, input: input)
    }
}
