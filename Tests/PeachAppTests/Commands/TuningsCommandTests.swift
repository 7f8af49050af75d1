import Foundation
@testable import PeachApp
import PeachCore
import PeachTestSupport
import Testing

/// `peach tunings`: the named tunings with their sizes, and a user's .scl or .kbm checked (described, or its line
/// and what is wrong, exit 1).
@Suite struct TuningsCommandTests {
    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the command under test, on the test's thread.
        var out = "", err = ""
        var console: Console { Console(out: { self.out += $0 }, err: { self.err += $0 }) }
    }

    static func run(_ path: String?) -> (status: Int32, out: String, err: String) {
        let captured = Captured()
        let status = TuningsCommand.run(path: path, console: captured.console)
        return (status, captured.out, captured.err)
    }

    static func file(_ name: String, _ text: String) throws -> String {
        let path = try BuiltPeach.temporaryDirectory("peach-tunings") + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theListNamesEveryTuningWithItsSizes() {
        let result = Self.run(nil)
        #expect(result.status == 0 && result.err.isEmpty)
        for tuning in NamedTunings.all { #expect(result.out.contains("  \(tuning.id)  "), "\(tuning.id)") }
        #expect(result.out.contains("Quarter-comma meantone — 12 notes per 1200.0 ct; P5 696.6 ct, M3 386.3 ct"))
        #expect(result.out.contains("31-EDO — 31 notes per 1200.0 ct; P5 696.8 ct (18 steps), M3 387.1 ct (10 steps)"))
        #expect(result.out.contains("13 notes per 1902.0 ct"))
    }

    @Test func aGoodScaleIsDescribedDegreeByDegree() throws {
        let path = try Self.file("fifth.scl", "! fifth.scl\nTwo notes\n 2\n!\n 3/2\n 2/1\n")
        let result = Self.run(path)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("a Scala scale, 2 notes per 1200.0 ct: Two notes"))
        #expect(result.out.contains("degree 1: 3/2 = 701.955 ct ≈ P5 +2.0 ct"))
        #expect(result.out.contains("[training] tuning = \(path)"))
    }

    @Test func aMalformedScaleNamesItsLineAndFails() throws {
        let path = try Self.file("bad.scl", "bad\n2\n3/0\n2/1\n")
        let result = Self.run(path)
        #expect(result.status == 1 && result.out.isEmpty)
        #expect(result.err.contains("bad.scl: line 3:") && result.err.contains("3/0"), "\(result.err)")
    }

    @Test func aMappingIsDescribedAndABinaryOrMissingFileIsRefused() throws {
        let mapping = try Self.file("a.kbm", "0\n0\n127\n60\n69\n432\n0\n")
        let described = Self.run(mapping)
        #expect(described.status == 0, "\(described.err)")
        #expect(described.out.contains("A4 sounds at 432.000 Hz") && described.out.contains("keyboard_mapping = \(mapping)"))
        let binary = try BuiltPeach.temporaryDirectory("peach-tunings") + "/binary.scl"
        try Data([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]).write(to: URL(fileURLWithPath: binary))
        #expect(Self.run(binary).status == 1)
        let missing = Self.run("/nowhere/x.scl")
        #expect(missing.status == 1 && missing.err.contains("/nowhere/x.scl"))
    }
}
