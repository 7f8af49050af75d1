import Foundation

/// FluidSynth playing in real time into the loopback card's playback side (hw:Loopback,0,0), as the
/// capture-calibration test starts it: chorus and reverb off, 8 periods of 1024 frames (room for the
/// emulated VM's hiccups). Ended with "quit" on its shell.
final class LoopbackFluidSynth {
    static let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(name: String, device: String) throws {
        guard FileManager.default.fileExists(atPath: Self.soundFont) else { throw BenchError("\(Self.soundFont) missing (fluid-soundfont-gm)") }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        process.arguments = ["-a", "alsa", "-m", "alsa_seq", "-p", name, "-g", "0.5", "-C", "0", "-R", "0",
                             "-o", "audio.alsa.device=\(device)", "-o", "midi.autoconnect=0", "-r", "44100",
                             "-o", "audio.period-size=1024", "-o", "audio.periods=8", Self.soundFont]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Returns once its shell lists the SoundFont (loaded before the shell starts; its sequencer port
    /// appears earlier, while notes would still be lost); throws when it exits first.
    func waitUntilLoaded() throws {
        try input.fileHandleForWriting.write(contentsOf: Data("fonts\n".utf8))
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("FluidR3") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchError("fluidsynth exited: \(String(decoding: printed, as: UTF8.self))") }
            printed.append(chunk)
        }
    }

    func stop() {
        FluidSynthShell.quit(process, input: input)
    }
}
