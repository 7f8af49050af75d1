import Foundation
import PeachAudio
import PeachCore
import PeachSystem
import PeachMIDI
import PeachText

/// Calibrates FluidSynth without a sequencer: writes the calibration sequence as a Standard MIDI
/// File, renders it with `fluidsynth -ni -F` (file rendering, much faster than real time and
/// sample-exact, so each probe sits where the file says), and measures every note.
public struct FluidSynthCalibrator: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public var executable = "/usr/bin/fluidsynth"
    public var soundFont: String
    public var plan: CalibrationPlan
    static let sampleRate = CalibrationPlan.sampleRate

    public init(soundFont: String, plan: CalibrationPlan) {
        self.soundFont = soundFont
        self.plan = plan
    }

    public var sequence: CalibrationSequence { plan.sequence }

    /// Renders and measures; `progress` gets short status lines.
    public func calibrate(date: Date = Date(), progress: @Sendable (String) -> Void = { _ in }) async throws -> SynthCalibration {
        let sequence = self.sequence
        progress(tr(.calibrationRendering, count: sequence.probes.count))
        let recording = try render(sequence.file)
        progress(tr(.captureMeasuring, count: sequence.probes.count))
        let measurements = ProbeMeasurer.measure(sequence.probes, samples: recording.samples, sampleRate: recording.sampleRate)
        return try CalibrationAnalysis.analyse(measurements, sequence: sequence, synthName: Self.synthName(executable),
                                               date: CalibrationDate.day(date))
    }

    /// Renders `file` offline with this SoundFont; returns the left channel alone (a stereo preset may
    /// layer detuned samples left and right, which beat when mixed). Time zero is the file's.
    public func render(_ file: StandardMIDIFile) throws -> WAVFile {
        let directory = URL(fileURLWithPath: FileSystem.temporaryDirectory)
            .appendingPathComponent("peach-calibrate-\(getpid())-\(UUID().uuidString)")
        try createDirectories(directory.path)
        defer { try? FileSystem.removeTree(directory.path) }
        let midi = directory.appendingPathComponent("calibration.mid")
        let wav = directory.appendingPathComponent("calibration.wav")
        try Data(file.bytes).write(to: midi)
        try render(midi: midi, to: wav)
        return try WAVFile(contentsOf: wav, channel: 0)
    }

    /// The arguments for offline rendering: no MIDI input, no shell, chorus and reverb off (chorus is
    /// a modulated delay that wobbles the pitch being measured).
    func arguments(midi: URL, wav: URL) -> [String] {
        ["-ni", "-F", wav.path, "-T", "wav", "-r", String(Self.sampleRate), "-g", "0.5", "-R", "0", "-C", "0",
         soundFont, midi.path]
    }

    private func render(midi: URL, to wav: URL) throws {
        guard FileSystem.isExecutable(executable) else {
            throw Failure(description: tr(.calibrationFluidSynthMissing, ["executable": executable]))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(midi: midi, wav: wav)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let size = (try? FileStatus.of(wav.path).size) ?? 0
        guard process.terminationStatus == 0, size > 44 else {
            throw Failure(description: tr(.calibrationRenderFailed, [
                "status": "\(process.terminationStatus)",
                "output": String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)]))
        }
    }

    /// "FluidSynth 2.3.1" from `fluidsynth --version`, else "FluidSynth".
    static func synthName(_ executable: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "FluidSynth" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let version = text.split(separator: "\n").first?.split(separator: " ").last.map(String.init)
        return version.map { "FluidSynth \($0)" } ?? "FluidSynth"
    }
}

/// The calibration's day, UTC, as YYYY-MM-DD.
enum CalibrationDate {
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
