import Foundation
import PeachTestSupport
import PeachDisciplines

/// The `peach` executable that `swift build --build-tests` put next to the test bundle, and a way to
/// run it (or a shell command around it) and read what it printed.
enum BuiltPeach {
    static var directory: String {
        (Bundle.main.executableURL?.deletingLastPathComponent().path
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path)
    }

    static var path: String { directory + "/peach" }

    /// The repository checkout these tests were built from.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs `/bin/bash -c script` with `arguments` as $1…; `environment` is added to PATH and a UTF-8 locale.
    /// Output goes through files, so neither stream can fill a pipe and block the child.
    static func shell(_ script: String, _ arguments: [String] = [], environment: [String: String] = [:])
        throws -> (status: Int32, out: String, err: String) {
        let scratch = try temporaryDirectory("peach-shell")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "bash"] + arguments
        var base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        base.merge(environment) { $1 }
        process.environment = base
        process.standardOutput = FileHandle(forWritingAtPath: scratch + "/out")
        process.standardError = FileHandle(forWritingAtPath: scratch + "/err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus,
                try String(contentsOfFile: scratch + "/out", encoding: .utf8),
                try String(contentsOfFile: scratch + "/err", encoding: .utf8))
    }

    static func temporaryDirectory(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
