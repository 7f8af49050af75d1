import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachFormats
import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// Special files, huge cells and a full disk: every message names the problem, and nothing is written.
@Suite struct BadInputCommandTests {
    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the command under test, on the test's thread.
        var out = "", err = ""
        var console: Console { Console(out: { self.out += $0 }, err: { self.err += $0 }) }
    }

    func dataDirectory() throws -> DataDirectory { DataDirectory(path: try BuiltPeach.temporaryDirectory("peach-bad") + "/data") }

    /// Runs the import and checks that it failed without creating or touching the history.
    func importFails(_ path: String, sizeLimit: Int = ImportCommand.sizeLimit) throws -> String {
        let directory = try dataDirectory()
        let captured = Captured()
        #expect(ImportCommand.run(directory: directory, path: path, partial: false, console: captured.console,
                                  sizeLimit: sizeLimit) == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.logPath), "nothing written for \(path)")
        #expect(captured.out.isEmpty)
        return captured.err
    }

    @Test func aDirectoryIsNamedADirectory() throws {
        let message = try importFails("/etc")
        #expect(message.contains("/etc is a directory, not a file"), "\(message)")
        #expect(!message.contains("Success"))
    }

    @Test func devNullIsEmpty() throws {
        let message = try importFails("/dev/null")
        #expect(message.contains("/dev/null is empty"), "\(message)")
    }

    @Test func anEmptyRegularFileIsEmpty() throws {
        let path = try BuiltPeach.temporaryDirectory("peach-bad") + "/empty.csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try importFails(path).contains("is an empty file"))
    }

    @Test func aFIFONobodyWritesToIsNotARegularFileAndDoesNotHang() throws {
        let path = try BuiltPeach.temporaryDirectory("peach-bad") + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let message = try importFails(path)
        #expect(message.contains("is not a regular file but a FIFO"), "\(message)")
    }

    @Test func aFIFOWithAWriterIsReadLikeProcessSubstitution() throws {
        let directory = try dataDirectory()
        let result = try BuiltPeach.shell("\"$1\" import <(printf '%s\\n' '# peach-export-format:3' \"$2\" \"$3\")",
                                          [BuiltPeach.path, PeachCSVFormat.columns.joined(separator: ","),
                                           "pitchMatching,2026-03-03T14:30:00Z,60,C4,67,G4,P5,equalTemperament,,,25.0,3.2,,,,,,,"],
                                          environment: ["PEACH_DATA_DIR": directory.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(try TrainingLog.read(directory, codecs: Disciplines.codecs).records.count == 1)
    }

    @Test func devZeroStopsAtTheSizeCap() throws {
        let message = try importFails("/dev/zero", sizeLimit: 1_000_000)
        #expect(message.contains("is not a regular file but a character device, and it gave more than 1 MB without ending"),
                "\(message)")
    }

    @Test func aRegularFileOverTheCapIsRefusedBeforeReading() throws {
        let path = try BuiltPeach.temporaryDirectory("peach-bad") + "/big.csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 2_000))
        #expect(try importFails(path, sizeLimit: 1_000).contains("is 2 kB, more than the 1 kB Peach reads"))
    }

    @Test func aHugeInvalidCellIsEchoedShort() throws {
        let directory = try dataDirectory()
        let path = try BuiltPeach.temporaryDirectory("peach-bad") + "/huge.csv"
        let cell = String(repeating: "9x", count: 1_000_000)
        let csv = PeachCSVFormat.metadataLine + "\n" + PeachCSVFormat.columns.joined(separator: ",") + "\n"
            + "pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,\(cell),true,,,,,,,,,\n"
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        let captured = Captured()
        #expect(ImportCommand.run(directory: directory, path: path, partial: false, console: captured.console) == 1)
        #expect(captured.err.contains("column centOffset: '" + String(cell.prefix(40)) + "…' is not a number"), "\(captured.err.prefix(500))")
        #expect(captured.err.utf8.count < 1_000, "a 2 MB cell is not printed whole")
    }

    @MainActor @Test func profileSVGIntoADirectoryAsksForAFileName() throws {
        let captured = Captured()
        #expect(ProfileCommand.run(directory: try dataDirectory(), range: TrainingSettings.defaults.noteRange, svgPath: "/tmp",
                                   console: captured.console) == 1)
        #expect(captured.err.contains("/tmp is a directory, not a file. Give a file name for the chart, e.g. /tmp/profile.svg"))
    }

    @Test func exportIntoADirectoryAsksForAFileName() throws {
        let captured = Captured()
        #expect(ExportCommand.run(directory: try dataDirectory(), path: "/tmp", console: captured.console) == 1)
        #expect(captured.err.contains("/tmp is a directory, not a file"))
    }

    @Test func exportToADeviceWritesInPlaceAndNeverReplacesIt() throws {
        let captured = Captured()
        #expect(ExportCommand.run(directory: try dataDirectory(), path: "/dev/null", console: captured.console) == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/null is still the device")
        #expect(!FileManager.default.fileExists(atPath: "/dev/null.partial"))
    }

    /// The real binary under a file-size limit (EFBIG, like a full disk): the message is about an
    /// import, says what was saved and what not, and the saved part is whole records.
    @Test func aFullDiskDuringImportIsWordedForAnImport() throws {
        let directory = try dataDirectory()
        let path = try BuiltPeach.temporaryDirectory("peach-bad") + "/many.csv"
        var csv = PeachCSVFormat.metadataLine + "\n" + PeachCSVFormat.columns.joined(separator: ",") + "\n"
        for second in 0..<6000 {
            csv += "pitchMatching,2026-03-03T\(String(format: "%02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60))Z,"
                + "60,C4,67,G4,P5,equalTemperament,,,25.0,3.2,,,,,,,\n"
        }
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        // 1024-byte blocks: log lines are about 80 bytes, so the first 2000-record batch fits and the second does not.
        let result = try BuiltPeach.shell("ulimit -f 250; trap '' XFSZ; exec \"$1\" import \"$2\"", [BuiltPeach.path, path],
                                          environment: ["PEACH_DATA_DIR": directory.path])
        #expect(result.status == 1)
        #expect(!result.err.contains("training result"), "\(result.err)")
        #expect(result.err.contains("Import stopped: writing to \(directory.logPath) failed: File too large"), "\(result.err)")
        let saved = try TrainingLog.read(directory, codecs: Disciplines.codecs)
        #expect(saved.warnings.isEmpty, "whole records only")
        #expect(saved.records.count > 0 && saved.records.count < 6000)
        #expect(result.err.contains("Saved: \(saved.records.count) of the 6000 new records"), "\(result.err)")
        #expect(result.err.contains("Not saved: the other \(6000 - saved.records.count). Nothing is lost"))
        #expect(result.err.contains("run the same import again"))
    }

    /// 100 mutated copies of a valid export (bytes flipped, cut, doubled, a 20 kB run inserted):
    /// each import either succeeds or writes nothing, and no message runs longer than a screen per problem.
    @Test func mutatedCSVFilesNeverWriteHalfAndNeverFlood() throws {
        var generator = SplitMix64(seed: 0x9EAC)
        let valid = Array((PeachCSVFormat.metadataLine + "\n" + PeachCSVFormat.columns.joined(separator: ",") + "\n"
            + (0..<20).map { "pitchDiscrimination,2026-03-03T14:30:\(String(format: "%02d", $0))Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,\n" }
                .joined()).utf8)
        let scratch = try BuiltPeach.temporaryDirectory("peach-mutated")
        for round in 0..<100 {
            var bytes = valid
            for _ in 0...(generator.next() % 4) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 5 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int(generator.next() % 40)))
                case 2: bytes.insert(contentsOf: repeatElement(UInt8(ascii: "7"), count: 20_000), at: at)
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 60)], at: at)
                default: bytes[at] = [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x00, 0x1B][Int(generator.next() % 5)]
                }
                if bytes.isEmpty { bytes = [0x41] }
            }
            let path = scratch + "/\(round).csv"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let directory = DataDirectory(path: scratch + "/data\(round)")
            let captured = Captured()
            let code = ImportCommand.run(directory: directory, path: path, partial: false, console: captured.console)
            let saved = try TrainingLog.read(directory, codecs: Disciplines.codecs).records.count
            if code == 0 {
                #expect(captured.err.isEmpty || !captured.err.contains("peach:"), "round \(round): \(captured.err.prefix(300))")
            } else {
                #expect(code == 1)
                #expect(saved == 0, "round \(round): a failed import wrote \(saved) records")
                let longest = captured.err.split(separator: "\n").map(\.count).max() ?? 0
                #expect(longest < 1_000, "round \(round): a \(longest)-character line")
            }
        }
    }
}
