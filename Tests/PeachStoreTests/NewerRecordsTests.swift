import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachFormats
import PeachTestSupport

/// Lines a newer Peach wrote (a tag this version's registry does not know, then a timestamp) are kept in the
/// file untouched, counted and reported once, never dropped, moved aside or rewritten, wherever they stand.
@Suite struct NewerRecordsTests {
    static let newer = "chordQuality\t2026-03-03T14:35:00.000Z\t60\tmajor\tminor\twrong"
    static let newest = "melodicDictation\t2026-03-03T14:36:00.000Z\t90\t0.9"

    func log(_ lines: [String]) -> String {
        LogFormat.fileHeader(Disciplines.codecs) + lines.map { $0 + "\n" }.joined()
    }

    func comparisonLine(ms: Int64) throws -> String {
        String(try Disciplines.codecs.logLine(for: .comparison(makeComparison(ms: ms))).dropLast())
    }

    @Test func theyAreKeptCountedAndReportedOnceWhereverTheyStand() throws {
        let temp = TemporaryDirectory()
        let text = log([try comparisonLine(ms: 1), Self.newer, try comparisonLine(ms: 2), Self.newer, Self.newest])
        writeText(text, to: temp.dataDirectory.logPath)

        let read = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(read.records == [.comparison(makeComparison(ms: 1)), .comparison(makeComparison(ms: 2))])
        #expect(read.warnings == [.newerRecords(path: temp.dataDirectory.logPath, count: 3, tags: ["chordQuality", "melodicDictation"])])
        #expect(read.warnings.first?.description.hasPrefix("3 records of a newer Peach kept, not shown") == true)

        // Opening to write (which moves a torn last line aside) leaves the last line, a newer one, where it is.
        let (log, opened) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(opened.warnings == read.warnings)
        #expect(readText(temp.dataDirectory.logPath) == text, "untouched")
        #expect(!FileManager.default.fileExists(atPath: temp.dataDirectory.corruptPath), "nothing moved aside")
        try log.append(.comparison(makeComparison(ms: 3)))
        #expect(readText(temp.dataDirectory.logPath) == text + (try comparisonLine(ms: 3)) + "\n", "appended after them")
    }

    @Test func damageIsStillDamage() throws {
        // Not a tag then a timestamp: a damaged line, reported as unreadable (and a torn last line moved aside).
        let parsed = LogFileParser(Array(log(["garbage here", "compar\t2026-03", "x;y\t2026-03-03T14:35:00.000Z",
                                              try comparisonLine(ms: 1)]).utf8), codecs: Disciplines.codecs)
        #expect(parsed.corruptLines.map(\.reason) == ["unknown record type 'garbage here'", "unknown record type 'compar'",
                                                      "unknown record type 'x;y'"])
        #expect(parsed.newerRecords.count == 0)
        let torn = LogFileParser(Array((log([try comparisonLine(ms: 1)]) + "chordQuality\t2026-03-03T14:3").utf8),
                                 codecs: Disciplines.codecs)
        #expect(torn.tail != nil, "a newer line without its line end is torn like any other")
    }

    @Test func aKnownTagWithBadFieldsIsNotTakenForANewerRecord() {
        let parsed = LogFileParser(Array(log(["comparison\t2026-03-03T14:35:00.000Z\t60", "pitchMatching\tnot a time"]).utf8),
                                   codecs: Disciplines.codecs)
        #expect(parsed.corruptLines.count == 1 && parsed.tail != nil, "the known discipline's decoder says what is wrong")
        #expect(parsed.newerRecords.count == 0)
    }
}
