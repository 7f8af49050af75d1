import Foundation
import Glibc

/// A running `seqprobe` (bench/seqprobe.c): the benchmark's own capture, sender and reference
/// forwarder clients, written in C so they cost the same everywhere and are not what is measured.
/// It prints one "READY …" line; closing its stdin ends it.
final class Probe {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private(set) var ready = ""

    static var path: String {
        ProcessInfo.processInfo.environment["PEACH_BENCH_PROBE"] ?? ".build/bench/seqprobe"
    }

    init(_ arguments: [String], waitForReady: Bool = true) throws {
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        if waitForReady {
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { throw BenchError("seqprobe \(arguments.first ?? "") exited before it was ready") }
                line.append(chunk)
            }
            ready = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// "READY in=129:0 out=129:1" → ["in": "129:0", "out": "129:1"]; "READY 128:0" → ["": "128:0"].
    func address(_ key: String = "") -> String? {
        for word in ready.split(separator: " ").dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == key { return String(parts[1]) }
            if parts.count == 1, key.isEmpty { return String(parts[0]) }
        }
        return nil
    }

    /// Closes stdin (the probe's signal to finish) and waits for it to exit.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Runs a probe to completion (the sender).
    static func run(_ arguments: [String]) throws {
        let probe = try Probe(arguments, waitForReady: false)
        probe.process.waitUntilExit()
        guard probe.process.terminationStatus == 0 else { throw BenchError("seqprobe \(arguments.joined(separator: " ")) failed") }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One event seen by the capture probe.
struct CapturedEvent {
    var nanoseconds: UInt64
    var kind: String  // on, off, bend, cc
    var channel: Int
    var a: Int  // note, bend value, controller
    var b: Int  // velocity, CC value

    static func read(_ path: String) -> [CapturedEvent] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 5, let t = UInt64(f[0]), let c = Int(f[2]), let a = Int(f[3]), let b = Int(f[4]) else { return nil }
            return CapturedEvent(nanoseconds: t, kind: String(f[1]), channel: c, a: a, b: b)
        }
    }
}

/// CLOCK_MONOTONIC, the clock the probes stamp with.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

func temporaryPath(_ name: String) -> String {
    let directory = ProcessInfo.processInfo.environment["PEACH_BENCH_TMP"] ?? NSTemporaryDirectory()
    return (directory as NSString).appendingPathComponent("peach-bench-\(getpid())-\(name)")
}
