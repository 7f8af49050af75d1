import Foundation
import Glibc

/// The built `peach` executable and a throw-away directory for one run's data and configuration
/// (never the real home).
enum PeachProgram {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// `peach` next to the test bundle (`.build/debug/PeachPackageTests.xctest` → `.build/debug/peach`),
    /// else the package's `.build/debug/peach` found from this file's path.
    static let executable: URL = {
        let nextToBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("peach")
        if FileManager.default.isExecutableFile(atPath: nextToBundle.path) { return nextToBundle }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/peach")
    }()

    /// A fresh directory with a `peach.conf` holding `config` (short notes keep the VM runs short).
    static func temporaryDirectory(config: String = defaultConfig) throws -> URL {
        var template = Array((FileManager.default.temporaryDirectory.path + "/peach-e2e-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed: errno \(errno)") }
        let directory = URL(fileURLWithPath: String(cString: made))
        try config.write(to: directory.appendingPathComponent("peach.conf"), atomically: true, encoding: .utf8)
        return directory
    }

    static let defaultConfig = """
    [training]
    note_duration = 0.5
    [ui]
    bell = off

    """

    /// The environment of a child `peach`: the caller's, with home and XDG paths inside `directory`.
    static func environment(directory: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // The tests read Peach's English: whatever the caller's locale, the child speaks it (as LC_ALL=C would).
        environment["LC_ALL"] = "C.UTF-8"
        environment["HOME"] = directory.path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("xdg-config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("xdg-data").path
        environment["PEACH_DATA_DIR"] = directory.path
        environment.merge(extra) { $1 }
        return environment
    }

    /// Arguments every training run gets: the data and config in `directory`.
    static func dataArguments(_ directory: URL) -> [String] {
        ["--data-dir", directory.path, "--config", directory.appendingPathComponent("peach.conf").path]
    }

    /// `peach calibrate --capture …` with `arguments`, run to its end (or `timeout`); run once more when Peach says
    /// the recording lost audio inside a note. That is the emulated VM's audio falling behind (seen once in a
    /// 7-bit calibration), which Peach now tells apart from a silent key; any other failure is returned as it is.
    static func captureCalibration(_ arguments: [String], directory: URL, timeout: Duration = .seconds(500)) throws -> PeachRun {
        let run = try PeachRun(arguments, directory: directory)
        guard run.waitForExit(timeout: timeout) != 0, run.stderr.text.contains("the recording lost audio") else { return run }
        print("capture calibration: the VM lost audio, calibrating once more: \(run.stderr.text)")
        let again = try PeachRun(arguments, directory: directory)
        _ = again.waitForExit(timeout: timeout)
        return again
    }

    /// The records in `directory`'s training.log, split into tab-separated fields (comments skipped).
    static func logRecords(_ directory: URL) throws -> [[String]] {
        let text = try String(contentsOf: directory.appendingPathComponent("training.log"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// PIDs of running processes whose command line contains `text` (zombies excluded).
    static func processes(commandLineContaining text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard pid != getpid(), processState(pid) != "Z",
                  let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let commandLine = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return commandLine.contains(text)
        }
    }

    /// The state letter in /proc/PID/stat (R, S, T, Z, ...), nil when the process is gone.
    static func processState(_ pid: Int32) -> Character? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // "pid (comm) S ...": comm may contain spaces and parentheses; the state follows the last ')'.
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].first { !$0.isWhitespace }
    }
}

/// Blocks until `condition` holds or `timeout` passes; returns whether it held.
@discardableResult
func waitUntil(timeout: Duration, poll: Duration = .milliseconds(20), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        let (seconds, attoseconds) = poll.components
        usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
    return condition()
}

extension PeachProgram {
    /// Whether the WAV FluidSynth's file driver wrote is finished: its RIFF size field matches the
    /// file (FluidSynth writes it only when it quits cleanly; SIGTERM/SIGKILL leave it unfinished).
    static func wavFinished(_ url: URL) -> (finished: Bool, detail: String) {
        guard let data = FileManager.default.contents(atPath: url.path), data.count >= 44 else {
            return (false, "\(url.path) missing or shorter than a WAV header")
        }
        let riffSize = data.subdata(in: 4..<8).withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        return (data.prefix(4) == Data("RIFF".utf8) && Int(riffSize) == data.count - 8,
                "RIFF size \(riffSize), file \(data.count) bytes")
    }
}
