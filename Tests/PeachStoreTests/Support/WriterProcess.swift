import Foundation
import PeachTestSupport
import PeachDisciplines

/// Runs the `peach-store-writer` helper (built next to the test bundle in .build/<triple>/debug/).
final class WriterProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let input = Pipe()

    static var executablePath: String {
        let directory = Bundle.main.executableURL?.deletingLastPathComponent().path
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        return directory + "/peach-store-writer"
    }

    /// `arguments` after the executable; `shellPrefix` runs it through bash (e.g. "ulimit -f 2;").
    init(_ arguments: [String], shellPrefix: String? = nil) throws {
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shellPrefix + " exec \"$0\" \"$@\"", Self.executablePath] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.executablePath)
            process.arguments = arguments
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Reads stdout until a line equal to `line` arrives (true) or the process closes it (false).
    func waitForLine(_ line: String) -> Bool {
        var text = ""
        while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return false }
            text += String(decoding: data, as: UTF8.self)
            if text.split(separator: "\n").contains(Substring(line)) { return true }
        }
    }

    /// Reads stdout until a line starting with `prefix` arrives and returns everything read (nil when
    /// the process closes stdout first). The text is consumed: `finish()` returns only what follows it.
    func readThroughLine(startingWith prefix: String) -> String? {
        var text = ""
        while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            text += String(decoding: data, as: UTF8.self)
            if text.split(separator: "\n", omittingEmptySubsequences: true).contains(where: { $0.hasPrefix(prefix) }) { return text }
        }
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Waits for exit and returns everything still unread on stdout and stderr.
    func finish() -> (status: Int32, output: String, errors: String) {
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
