import Foundation
import PeachALSA
import PeachMIDI

/// FluidSynth with the file audio driver and the ALSA sequencer MIDI driver, rendering to a WAV
/// (the README recipe): started, waited for until its port exists, ended with `quit` on stdin
/// (SIGTERM would leave the WAV header unfinished).
final class FluidSynthRenderer {
    static let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
    let wav: URL
    let name: String
    private let process = Process()
    private let input = Pipe()
    /// Monotonic time at which the WAV started growing (the audio driver runs: the SoundFont is loaded).
    private(set) var readyAt: UInt64 = 0

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(wav: URL, name: String = "Peach Test Synth") {
        self.wav = wav
        self.name = name
    }

    /// Starts FluidSynth and returns its port once listed by `directory` and the audio driver runs.
    /// The port appears before the SoundFont has loaded (a program change sent then is lost, notes are
    /// silent); the file driver starts only after it, so a growing WAV is the real "ready".
    func start(directory: ALSASequencer, timeout: Duration = .seconds(30)) async throws -> SequencerPortInfo {
        guard FileManager.default.fileExists(atPath: Self.soundFont) else {
            throw Failure(description: "\(Self.soundFont) missing (apt-get install fluid-soundfont-gm)")
        }
        try? FileManager.default.removeItem(at: wav)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        // Chorus and reverb off: chorus is a modulated delay, which wobbles the pitch being measured.
        process.arguments = ["-a", "file", "-m", "alsa_seq", "-p", name, "-g", "0.5", "-C", "0", "-R", "0",
                             "-o", "audio.file.name=\(wav.path)", "-o", "audio.file.type=wav",
                             "-o", "midi.autoconnect=0",
                             // Larger periods: fewer timer wake-ups, which an emulated guest CPU can keep up with.
                             "-o", "audio.period-size=1024", Self.soundFont]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let port = try await directory.ports().first(where: { $0.clientName == name && $0.acceptsOutput }),
               let size = try? FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int, size > 4096 {
                readyAt = monotonicNanoseconds()
                // Let FluidSynth finish starting up before the first note: right after the audio
                // driver starts, an emulated guest renders in bursts that stretch the timeline.
                try await Task.sleep(for: .seconds(1))
                return port
            }
            guard process.isRunning else { throw Failure(description: "fluidsynth exited (\(process.terminationStatus))") }
            try await Task.sleep(for: .milliseconds(50))
        }
        stop()
        throw Failure(description: "fluidsynth's port and audio did not start within \(timeout)")
    }

    /// Ends FluidSynth cleanly and waits (at most 10 s) for it to exit.
    func stop() { FluidSynthShell.quit(process, input: input) }

    deinit { stop() }
}
