import Foundation
import Testing
import PeachCore
import PeachText
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport

/// A log created moments before a power loss can be left holding only part of the header Peach wrote
/// (one write, cut anywhere), then zeros (the file's size reached the disk, its bytes did not) or stale bytes
/// of a reused block. Such a file holds no record: Peach sets it aside like a torn last line, says so
/// once and starts the log afresh. Someone else's file, or a file holding a record, is never set aside.
@Suite struct TornHeaderTests {
    /// What a power loss can leave after the cut.
    enum After: CaseIterable {
        case nothing, zeros, staleBytes, staleBytesThenZeros

        var bytes: [UInt8] {
            let stale: [UInt8] = [0xC3, 0x28, 0xFF, 0x01, 0x9B, 0x7E, 0xE2, 0x82] // no line end, not UTF-8
            switch self {
            case .nothing: return []
            case .zeros: return [UInt8](repeating: 0, count: 4000)
            case .staleBytes: return stale
            case .staleBytesThenZeros: return stale + [UInt8](repeating: 0, count: 500)
            }
        }
    }

    static let header = Array(LogFormat.fileHeader(Disciplines.codecs).utf8)

    private func write(_ bytes: [UInt8], to directory: DataDirectory) {
        try! FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try! Data(bytes).write(to: URL(fileURLWithPath: directory.logPath))
    }

    private func bytes(at path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    private func recordLine() -> [UInt8] {
        Array(try! Disciplines.codecs.logLine(for: .comparison(makeComparison())).utf8)
    }

    /// The issue's case: a real log cut at byte 9, then NULs to the end of its block.
    @Test func theReportedCutAtByteNineStartsAfresh() throws {
        let temp = TemporaryDirectory()
        let original = Array("# peach-l".utf8) + [UInt8](repeating: 0, count: 4096 - 9)
        write(original, to: temp.dataDirectory)
        let (log, contents) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(contents.records.isEmpty && contents.warnings.count == 1)
        #expect(contents.warnings.first?.description.contains(temp.dataDirectory.corruptPath) == true)
        try log.append(.comparison(makeComparison()))
        #expect(bytes(at: temp.dataDirectory.logPath) == Self.header + recordLine())
    }

    /// Every cut inside the header (all its lines), with each thing a power loss leaves after it.
    /// Complete header lines with nothing after them are not torn (see the test below), so they are skipped here.
    @Test(arguments: After.allCases)
    func everyCutInsideTheHeaderIsSetAsideOnceAndTheLogStartsAfresh(_ after: After) {
        let temp = TemporaryDirectory()
        var failures: [String: [Int]] = [:] // what went wrong: at which cuts
        var checked = 0
        for cut in 1..<Self.header.count where !(after == .nothing && Self.header[cut - 1] == 0x0A) {
            let directory = DataDirectory(path: temp.file("cut-\(cut)"))
            let original = Array(Self.header[..<cut]) + after.bytes
            write(original, to: directory)
            if let failure = setAsideAndStartedAfresh(original, in: directory) {
                failures[failure.replacingOccurrences(of: directory.path, with: "DIR"), default: []].append(cut)
            }
            checked += 1
        }
        #expect(checked >= Self.header.count - 1 - Disciplines.codecs.log.count)
        for (failure, cuts) in failures.sorted(by: { $0.value[0] < $1.value[0] }) {
            Issue.record("\(after): \(cuts.count) of \(checked) cuts (\(cuts[0])…\(cuts.last!)) fail: \(failure)")
        }
    }

    /// Nil when `original` (the log's bytes) is reported once read-only and left alone, then on opening for
    /// writing set aside whole into the `.corrupt` file with one warning, and the log restarted with a header
    /// that takes a record; else what went wrong.
    private func setAsideAndStartedAfresh(_ original: [UInt8], in directory: DataDirectory) -> String? {
        do {
            let read = try TrainingLog.read(directory, codecs: Disciplines.codecs)
            guard read.records.isEmpty, read.warnings.count == 1 else { return "read-only: \(read.warnings)" }
            guard bytes(at: directory.logPath) == original else { return "a read-only open changed the log" }

            let (log, contents) = try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs)
            guard contents.records.isEmpty, contents.warnings.count == 1 else { return "warnings \(contents.warnings)" }
            let said = contents.warnings[0].description
            guard said.contains(directory.logPath), said.contains(directory.corruptPath) else { return "said '\(said)'" }
            guard let corrupt = bytes(at: directory.corruptPath), let noteEnd = corrupt.firstIndex(of: 0x0A),
                  Array(corrupt[(noteEnd + 1)...]) == original + [0x0A] else { return "the .corrupt file lacks the bytes" }
            guard bytes(at: directory.logPath) == Self.header else { return "no fresh header" }
            try log.append(.comparison(makeComparison()))
        } catch StoreError.notAPeachLog {
            return "refused as not a Peach training log" // one message for every cut, not one per first line
        } catch {
            return "\(error)"
        }
        guard let reopened = try? TrainingLog.read(directory, codecs: Disciplines.codecs),
              reopened.records == [.comparison(makeComparison())], reopened.warnings.isEmpty else { return "the record did not stick" }
        return nil
    }

    /// A file of zeros: the log's size reached the disk, none of its header did.
    @Test func aFileOfZerosIsSetAsideToo() {
        let temp = TemporaryDirectory()
        let original = [UInt8](repeating: 0, count: 4096)
        write(original, to: temp.dataDirectory)
        #expect(setAsideAndStartedAfresh(original, in: temp.dataDirectory) == nil)
    }

    /// Complete lines of the header and nothing after them hold nothing torn (an older Peach, with fewer
    /// disciplines, wrote fewer column comments): the header is completed without a word, nothing set aside.
    @Test func completeHeaderLinesAloneAreCompletedSilently() throws {
        let temp = TemporaryDirectory()
        for (index, byte) in Self.header.enumerated() where byte == 0x0A && index + 1 < Self.header.count {
            let directory = DataDirectory(path: temp.file("lines-\(index)"))
            write(Array(Self.header[...index]), to: directory)
            let contents = try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs).contents
            #expect(contents.warnings.isEmpty, "cut at \(index + 1)")
            #expect(bytes(at: directory.logPath) == Self.header)
            #expect(!FileManager.default.fileExists(atPath: directory.corruptPath))
        }
    }

    /// The whole header, then zeros: the header was written; what was cut is the first record's write, a torn
    /// last line as before. Only the zeros go, the header stays.
    @Test func theWholeHeaderThenZerosIsATornLastLine() throws {
        let temp = TemporaryDirectory()
        write(Self.header + After.zeros.bytes, to: temp.dataDirectory)
        let contents = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs).contents
        guard case .tornLastLine(_, _, let byteCount, _, _)? = contents.warnings.first, contents.warnings.count == 1 else {
            Issue.record("expected one torn-line warning, got \(contents.warnings)"); return
        }
        #expect(byteCount == After.zeros.bytes.count)
        #expect(bytes(at: temp.dataDirectory.logPath) == Self.header)
    }

    /// Said once, in the user's language: where the log is, that it held no record, where its bytes went.
    @Test func theWarningSaysWhereTheBytesWentInEnglishAndGerman() {
        let moved = LogWarning.tornHeader(path: "/d/training.log", byteCount: 4096, movedTo: "/d/training.log.corrupt")
        let readOnly = LogWarning.tornHeader(path: "/d/training.log", byteCount: 4096, movedTo: nil)
        #expect(Localization.rendering(in: .english) { moved.description }
                == "/d/training.log holds no record, only the beginning of its header (4096 bytes), probably from a crash "
                + "or power loss moments after it was created. It was moved to /d/training.log.corrupt and the log was started afresh.")
        #expect(Localization.rendering(in: .german) { moved.description }
                == "/d/training.log enthält keinen Eintrag, nur den Anfang seines Dateikopfs (4096 Bytes), wohl durch einen "
                + "Absturz oder Stromausfall kurz nach dem Anlegen. Er wurde nach /d/training.log.corrupt verschoben und das "
                + "Protokoll von vorn begonnen.")
        #expect(Localization.rendering(in: .english) { readOnly.description }.hasSuffix(
                ". It was left in place (read-only open); the next training session moves it aside and starts the log afresh."))
        #expect(Localization.rendering(in: .german) { readOnly.description }.hasSuffix(
                ". Er blieb, wo er ist (nur lesend geöffnet); das nächste Training legt ihn beiseite und beginnt das Protokoll von vorn."))
    }

    /// Someone else's file is refused with the usual error (not a Peach log, or a version this Peach does not
    /// read), byte for byte untouched, nothing written beside it, even when it starts like the header: its first
    /// line is a complete line of text, or the file is text.
    @Test(arguments: [
        "my shopping list\neggs\n",
        "# peach practice\nscales in thirds\n",
        "# peach practice notes",
        "#!/bin/sh\necho hello\n",
        "# peach-l\n",
        "# peach-log-format:1 (my copy)\n",
    ])
    func someOtherFileIsRefusedAndLeftUntouched(_ text: String) {
        expectRefusedUntouched(Array(text.utf8))
    }

    @Test func aBinaryFileIsRefusedAndLeftUntouched() {
        expectRefusedUntouched([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0x00, 0xFF, 0xC3])
    }

    private func expectRefusedUntouched(_ original: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let temp = TemporaryDirectory()
        write(original, to: temp.dataDirectory)
        let whenRead = #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        }
        let whenOpened = #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        }
        for error in [whenRead, whenOpened] {
            switch error {
            case .notAPeachLog?, .unsupportedVersion?: break // the two refusals that leave the file untouched
            default: Issue.record("\(String(describing: error))", sourceLocation: sourceLocation)
            }
        }
        #expect(bytes(at: temp.dataDirectory.logPath) == original, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: temp.dataDirectory.corruptPath), sourceLocation: sourceLocation)
    }

    /// A complete record line is never set aside with a header: after a whole header (this Peach's, or only
    /// its first line) it is read, and a torn tail after it goes alone, as before.
    @Test func aRecordAfterTheHeaderIsNeverSetAside() throws {
        let temp = TemporaryDirectory()
        let firstLine = Array((LogFormat.headerLine + "\n").utf8)
        for (name, prefix) in [("whole header", Self.header), ("first line only", firstLine)] {
            for after in After.allCases {
                let directory = DataDirectory(path: temp.file("\(name)-\(after)"))
                write(prefix + recordLine() + after.bytes, to: directory)
                let contents = try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs).contents
                #expect(contents.records == [.comparison(makeComparison())], "\(name), \(after)")
                #expect(contents.warnings.count == (after == .nothing ? 0 : 1), "\(name), \(after): \(contents.warnings)")
                #expect(bytes(at: directory.logPath) == prefix + recordLine(), "\(name), \(after)")
            }
        }
    }

    /// A record after a first line cut short (then zeros) is no torn header: the file is refused, untouched.
    @Test func aRecordAfterACutFirstLineIsRefusedNotSetAside() {
        for after in [[], After.zeros.bytes, After.staleBytes.bytes] {
            expectRefusedUntouched(Array("# peach-l".utf8) + after + [0x0A] + recordLine())
        }
    }
}
