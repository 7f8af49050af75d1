import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport

@Suite struct TrainingLogTests {
    private func openWriter(_ directory: DataDirectory) throws -> (log: TrainingLog, contents: LogContents) {
        try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs)
    }

    @Test func appendAndReloadKeepsEveryField() throws {
        let temp = TemporaryDirectory()
        let records = variedRecords()
        do {
            let (log, contents) = try openWriter(temp.dataDirectory)
            #expect(contents.records.isEmpty && contents.warnings.isEmpty)
            for record in records { try log.append(record) }
        }
        let reopened = try openWriter(temp.dataDirectory).contents
        #expect(reopened.records == records)
        #expect(reopened.warnings.isEmpty)
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records == records)
    }

    @Test func newLogStartsWithVersionHeaderAndIsOneLinePerRecord() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try openWriter(temp.dataDirectory)
        try log.append(.comparison(makeComparison(intended: 12.5, presented: 12.4)))
        try log.append(.pitchMatching(makePitchMatching(ms: 62_004, initial: -25, error: 3.2)))
        let lines = readText(temp.dataDirectory.logPath).split(separator: "\n", omittingEmptySubsequences: false)
        let comments = Disciplines.codecs.log.count // one column comment per registered discipline
        #expect(lines.first == "# peach-log-format:1")
        #expect(lines.count == 1 + comments + 3) // header, the column comments, two records, "" after the final LF
        #expect(lines[1 + comments] == "comparison\t2026-03-03T14:30:00.000Z\t60\t60\t12.5\t12.4\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\tFLUID Synth (1234)")
        #expect(lines[2 + comments] == "pitchMatching\t2026-03-03T14:31:02.004Z\t60\t60\t-25.0\t3.2\tP1\tequalTemperament\t440.0\tcc14")
    }

    @Test func readingAMissingLogIsAnEmptyHistoryAndCreatesNothing() throws {
        let temp = TemporaryDirectory()
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temp.dataDirectory.path))
    }

    @Test func tornLastLineIsMovedAsideAndLaterAppendsAreClean() throws {
        let temp = TemporaryDirectory()
        let first = TrainingRecord.comparison(makeComparison(ms: 1))
        do { try openWriter(temp.dataDirectory).log.append(first) }
        let path = temp.dataDirectory.logPath
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data("comparison\t2026-03-03T14:3".utf8)) // a write cut short by kill -9
        handle.closeFile()

        let readOnly = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(readOnly.records == [first])
        #expect(readOnly.warnings.count == 1)
        #expect(readText(path).hasSuffix("14:3"), "a read-only open must not change the log")

        let second = TrainingRecord.pitchMatching(makePitchMatching(ms: 2))
        do {
            let (log, contents) = try openWriter(temp.dataDirectory)
            #expect(contents.records == [first])
            guard case .tornLastLine(_, let lineNumber, let byteCount, _, let movedTo)? = contents.warnings.first else {
                Issue.record("expected a torn-line warning, got \(contents.warnings)"); return
            }
            #expect(lineNumber == Disciplines.codecs.log.count + 3 && byteCount == 26 && movedTo == temp.dataDirectory.corruptPath)
            #expect(contents.warnings[0].description.contains(path))
            try log.append(second)
        }
        #expect(readText(temp.dataDirectory.corruptPath).contains("comparison\t2026-03-03T14:3\n"))
        let reopened = try openWriter(temp.dataDirectory).contents
        #expect(reopened.records == [first, second])
        #expect(reopened.warnings.isEmpty)
    }

    @Test func unreadableLastLineWithLineEndIsAlsoMovedAside() throws {
        let temp = TemporaryDirectory()
        do { try openWriter(temp.dataDirectory).log.append(.comparison(makeComparison())) }
        let path = temp.dataDirectory.logPath
        writeText(readText(path) + "\0\0\0\0\n", to: path) // power loss can leave NUL blocks
        let contents = try openWriter(temp.dataDirectory).contents
        #expect(contents.records.count == 1)
        #expect(contents.warnings.count == 1)
        #expect(!readText(path).contains("\0"))
    }

    @Test func corruptMiddleLineIsReportedWithLineNumberSkippedAndKept() throws {
        let temp = TemporaryDirectory()
        let records = variedRecords()
        do {
            let log = try openWriter(temp.dataDirectory).log
            for record in records { try log.append(record) }
        }
        let path = temp.dataDirectory.logPath
        var lines = readText(path).components(separatedBy: "\n")
        let first = 1 + Disciplines.codecs.log.count // index of the first record, after the header and column comments
        lines[first] = lines[first].replacingOccurrences(of: "\t21\t", with: "\t200\t") // note out of range
        lines[first + 1] = "garbage"
        writeText(lines.joined(separator: "\n"), to: path)
        let before = readText(path)

        let contents = try openWriter(temp.dataDirectory).contents
        #expect(contents.records == Array(records.dropFirst(2)))
        #expect(contents.warnings.count == 2)
        guard case .corruptLine(_, first + 1, let reason) = contents.warnings[0],
              case .corruptLine(_, first + 2, let reason5) = contents.warnings[1] else {
            Issue.record("unexpected warnings \(contents.warnings)"); return
        }
        #expect(reason.contains("0...127"))
        #expect(reason5.contains("garbage"))
        #expect(contents.warnings[0].description.contains("\(path) line \(first + 1)"))
        #expect(readText(path) == before, "corrupt middle lines are never deleted")
    }

    @Test func headerCutShortByACrashIsSetAsideAndRewritten() throws {
        let temp = TemporaryDirectory()
        writeText("# peach-log-fo", to: temp.dataDirectory.logPath)
        let (log, contents) = try openWriter(temp.dataDirectory)
        #expect(contents.records.isEmpty)
        #expect(contents.warnings == [.tornHeader(path: temp.dataDirectory.logPath, byteCount: 14,
                                                  movedTo: temp.dataDirectory.corruptPath)])
        #expect(readText(temp.dataDirectory.corruptPath).hasSuffix(": the header was cut short before any record\n# peach-log-fo\n"))
        try log.append(.comparison(makeComparison()))
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 1)
    }

    @Test func someOtherFileIsRefusedAndLeftUntouched() throws {
        let temp = TemporaryDirectory()
        writeText("my shopping list\neggs\n", to: temp.dataDirectory.logPath)
        #expect(throws: StoreError.notAPeachLog(path: temp.dataDirectory.logPath, firstLine: "my shopping list")) {
            try openWriter(temp.dataDirectory)
        }
        #expect(readText(temp.dataDirectory.logPath) == "my shopping list\neggs\n")
    }

    @Test func newerFormatVersionIsRefused() throws {
        let temp = TemporaryDirectory()
        writeText("# peach-log-format:2\nwhatever\n", to: temp.dataDirectory.logPath)
        #expect(throws: StoreError.unsupportedVersion(path: temp.dataDirectory.logPath, version: "2")) {
            try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        }
    }

    @Test func nonFiniteValuesAreRefusedNotWritten() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try openWriter(temp.dataDirectory)
        #expect(throws: StoreError.self) { try log.append(.comparison(makeComparison(intended: .nan))) }
        try log.append(.comparison(makeComparison()))
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 1)
    }

    @Test func unwritableDirectoryErrorSaysWhereAndWhy() throws {
        let temp = TemporaryDirectory()
        writeText("a file, not a directory", to: temp.file("blocker"))
        let directory = DataDirectory(path: temp.file("blocker") + "/peach")
        do {
            _ = try openWriter(directory)
            Issue.record("opening under a file must fail")
        } catch {
            #expect("\(error)".contains(temp.file("blocker")))
            #expect("\(error)".contains("Not a directory"))
        }
    }

    @Test func loads100000RecordsExactly() throws {
        let temp = TemporaryDirectory()
        let count = 100_000
        var records: [TrainingRecord] = []
        records.reserveCapacity(count)
        for i in 0..<count {
            records.append(i % 3 == 0
                ? .pitchMatching(makePitchMatching(ms: Int64(i) * 1000, reference: 36 + i % 48, initial: Double(i % 40) - 20.5,
                                                   error: Double(i % 17) / 3))
                : .comparison(makeComparison(ms: Int64(i) * 1000, reference: 36 + i % 48, intended: Double(i % 50) / 7 + 0.1,
                                             presented: Double(i % 50) / 7, answeredHigher: i % 2 == 0)))
        }
        do { try openWriter(temp.dataDirectory).log.append(contentsOf: records, batchSize: 20_000) }
        // Correctness at full size only; speed is a benchmark figure (peach-bench, "launch"), not a unit test.
        let loaded = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(loaded.records == records)
    }
}
