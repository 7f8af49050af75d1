import Foundation
import PeachMIDI
import PeachSystem
import PeachText

/// FluidSynth as a child process with the ALSA sequencer MIDI driver: started with a name that
/// is ours alone, waited for until its sequencer port exists, and told to `quit` on the way out
/// (SIGTERM would leave a WAV header unfinished with the file driver; SIGKILL only as a last resort).
public final class FluidSynthProcess: @unchecked Sendable {
    // @unchecked: `process` and `stdin` are set once in `start` before the object is shared;
    // `output` is guarded by its own lock.
    public struct Configuration: Sendable {
        public var executable = "/usr/bin/fluidsynth"
        public var soundFont: String
        public var audioDriver: String
        /// The sequencer client and port name; includes our PID so two Peach processes never mix up their synths.
        public var clientName = Self.clientName(forPeach: getpid())
        public var gain = 0.6
        public var extraSettings: [String: String] = [:]
        public var portTimeout: Duration = .seconds(15)

        /// The name FluidSynth started by the Peach process `pid` gets (also how the guardian recognises it).
        public static func clientName(forPeach pid: Int32) -> String { "Peach FluidSynth \(pid)" }

        public init(soundFont: String, audioDriver: String) {
            self.soundFont = soundFont
            self.audioDriver = audioDriver
        }

        var arguments: [String] {
            var arguments = ["-m", "alsa_seq", "-a", audioDriver, "-p", clientName, "-g", String(gain),
                             "-o", "midi.autoconnect=0"]
            for (key, value) in extraSettings.sorted(by: { $0.key < $1.key }) { arguments += ["-o", "\(key)=\(value)"] }
            return arguments + [soundFont]
        }
    }

    public let configuration: Configuration
    private let process = Process()
    private let stdinPipe = Pipe()
    private let outputBuffer = OutputBuffer()

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Everything FluidSynth has printed so far (for error messages).
    public var output: String { outputBuffer.text }
    public var isRunning: Bool { process.isRunning }
    /// Its process ID once started (for the guardian), nil before.
    public var processIdentifier: Int32? { process.isRunning ? process.processIdentifier : nil }

    /// Starts FluidSynth and waits until its port appears in `directory`; returns the port.
    public func start(directory: some SequencerDirectory, pollInterval: Duration = .milliseconds(50))
        async throws -> SequencerPortInfo {
        guard FileSystem.isExecutable(configuration.executable) else {
            throw SynthLaunchError.fluidSynthNotInstalled
        }
        process.executableURL = URL(fileURLWithPath: configuration.executable)
        process.arguments = configuration.arguments
        let outputPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = outputPipe
        process.standardError = outputPipe
        let buffer = outputBuffer
        outputPipe.fileHandleForReading.readabilityHandler = { handle in buffer.append(handle.availableData) }
        try process.run()

        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: configuration.portTimeout)
        // Look at least once after the deadline too: a starved or suspended waiter must not call a
        // synth that exited, or whose port is there, a timeout.
        while true {
            let timedOut = clock.now >= deadline
            if !process.isRunning {
                // What it printed last (often the reason) may still be in the pipe, not yet handed to the handler.
                outputPipe.fileHandleForReading.readabilityHandler = nil
                buffer.drain(outputPipe.fileHandleForReading.fileDescriptor)
                throw SynthLaunchError.exitedEarly(status: process.terminationStatus, output: output)
            }
            if let port = try await directory.ports().first(where: { $0.clientName == configuration.clientName && $0.acceptsOutput }) {
                return port
            }
            if timedOut { break }
            try await Task.sleep(for: pollInterval)
        }
        await stop()
        let seconds = Double(configuration.portTimeout.components.seconds)
        throw SynthLaunchError.portTimeout(seconds: seconds, output: output)
    }

    /// Asks FluidSynth to quit, then terminates it if it does not; idempotent.
    public func stop(grace: Duration = .seconds(2)) async {
        guard process.isRunning else { return }
        try? stdinPipe.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        try? stdinPipe.fileHandleForWriting.close()
        if await waitForExit(within: grace) { return }
        process.terminate()
        if await waitForExit(within: .seconds(1)) { return }
        Signals.send(SIGKILL, to: process.processIdentifier)
        _ = await waitForExit(within: .seconds(1))
    }

    private func waitForExit(within limit: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while process.isRunning && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !process.isRunning
    }

    /// Lists the audio drivers this FluidSynth build supports (`fluidsynth -a help`).
    public static func supportedAudioDrivers(executable: String = "/usr/bin/fluidsynth") -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-a", "help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return AudioDriverChooser.parseSupportedDrivers(String(decoding: data, as: UTF8.self))
    }
}

/// Collects a child's output from the pipe's reader thread.
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let limit = 64 * 1024

    func append(_ chunk: Data) {
        lock.lock(); defer { lock.unlock() }
        data.append(chunk)
        if data.count > limit { data.removeFirst(data.count - limit) }
    }

    /// Reads whatever is left in the pipe without waiting (a descendant could still hold it open).
    /// A pipe that cannot be made non-blocking is not read (it could wait forever): the output says so.
    func drain(_ descriptor: Int32) {
        do {
            try DescriptorFlags.setNonBlocking(descriptor, true, name: tr(.descriptorFluidSynthOutput))
        } catch {
            append(Data(("\n" + tr(.synthOutputUnreadable, ["error": "\(error)"]) + "\n").utf8))
            return
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            append(Data(chunk[0..<count]))
        }
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
