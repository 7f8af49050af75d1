import Foundation
import Glibc

/// Collects what a child writes to one file descriptor, from its own thread, and lets a test wait
/// for text to appear (expect-style: no fixed sleeps).
final class OutputCollector: @unchecked Sendable {
    // @unchecked: `data` is only touched under `condition`.
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    /// Starts reading `fileDescriptor` until end of file (or EIO: a pty whose other side closed).
    init(fileDescriptor: Int32, name: String) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fileDescriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                condition.lock()
                if count > 0 { data.append(contentsOf: buffer[0..<count]) } else { ended = true }
                condition.broadcast()
                condition.unlock()
                if count <= 0 { return }
            }
        }
        thread.name = name
        thread.start()
    }

    var text: String {
        condition.lock(); defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    var byteCount: Int {
        condition.lock(); defer { condition.unlock() }
        return data.count
    }

    /// Complete lines so far (a pending partial line excluded).
    var lines: [String] {
        let text = self.text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }

    /// Waits until the text from byte `offset` on satisfies `found`; returns its result or nil at the timeout.
    func wait<T>(from offset: Int = 0, timeout: Duration, _ found: (String) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds)
                                                 + Double(timeout.components.attoseconds) / 1e18)
        condition.lock(); defer { condition.unlock() }
        while true {
            let text = String(decoding: data.dropFirst(offset), as: UTF8.self)
            if let result = found(text) { return result }
            if ended || !condition.wait(until: deadline) {
                return found(String(decoding: data.dropFirst(offset), as: UTF8.self))
            }
        }
    }
}

/// One run of `peach` with pipes (line mode): write commands, wait for lines.
final class PeachRun {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The child, in a process group of its own (as a shell's job), so a SIGTSTP really stops it.
    let child: ChildProcess
    let stdout: OutputCollector
    let stderr: OutputCollector
    private let input = Pipe()
    /// Kept alive: their reading ends belong to the collectors (a released FileHandle closes its descriptor).
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    /// Index of the first line `expectLine` looks at: every expectation consumes the lines up to its match.
    private(set) var nextLine = 0

    init(_ arguments: [String], directory: URL, environment: [String: String]? = nil) throws {
        stdout = OutputCollector(fileDescriptor: outputPipe.fileHandleForReading.fileDescriptor, name: "peach stdout")
        stderr = OutputCollector(fileDescriptor: errorPipe.fileHandleForReading.fileDescriptor, name: "peach stderr")
        let ends = [input.fileHandleForReading.fileDescriptor, outputPipe.fileHandleForWriting.fileDescriptor,
                    errorPipe.fileHandleForWriting.fileDescriptor]
        child = try ChildProcess(PeachProgram.executable.path, arguments: arguments,
                                 environment: environment ?? PeachProgram.environment(directory: directory),
                                 directory: directory, descriptors: ends,
                                 closing: [input.fileHandleForWriting.fileDescriptor,
                                           outputPipe.fileHandleForReading.fileDescriptor,
                                           errorPipe.fileHandleForReading.fileDescriptor])
        // The child has its copies; ours of the writing ends would keep the readers from seeing end of file.
        try? outputPipe.fileHandleForWriting.close()
        try? errorPipe.fileHandleForWriting.close()
        try? input.fileHandleForReading.close()
    }

    var pid: Int32 { child.pid }
    var isRunning: Bool { child.isRunning }

    /// What it printed, for failure messages.
    var transcript: String { "stdout:\n\(stdout.text)\nstderr:\n\(stderr.text)" }

    /// Sends one command line.
    func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    func closeInput() throws { try input.fileHandleForWriting.close() }

    /// Waits for the next stdout line (after earlier matches) satisfying `matches`; returns it.
    @discardableResult
    func expectLine(timeout: Duration = .seconds(60), anywhere: Bool = false, _ what: String,
                    _ matches: (String) -> Bool) throws -> String {
        let start = anywhere ? 0 : nextLine
        let found: (Int, String)? = stdout.wait(timeout: timeout) { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            guard lines.count > start else { return nil }
            return lines[start...].enumerated().first { matches($0.element) }.map { (start + $0.offset, $0.element) }
        }
        guard let (index, line) = found else {
            throw Failure(description: "no line \(what) within \(timeout); \(isRunning ? "running" : "exited")\n\(transcript)")
        }
        nextLine = max(nextLine, index + 1)
        return line
    }

    /// `anywhere`: also among the lines before the last match (for lines whose order is not fixed,
    /// e.g. the synth's state arrives just before or just after the first screen).
    @discardableResult
    func expectLine(prefix: String, anywhere: Bool = false, timeout: Duration = .seconds(60)) throws -> String {
        try expectLine(timeout: timeout, anywhere: anywhere, "starting '\(prefix)'") { $0.hasPrefix(prefix) }
    }

    /// Lines printed after the last expectation.
    var linesSinceLastMatch: [String] { Array(stdout.lines.dropFirst(nextLine)) }

    /// Waits for the exit; returns the status (or 128 + signal), nil at the timeout (then kills it).
    func waitForExit(timeout: Duration = .seconds(60)) -> Int32? { child.waitForExit(timeout: timeout) }
}
