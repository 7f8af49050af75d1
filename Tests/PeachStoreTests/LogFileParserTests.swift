import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport

/// The parser reads the log in chunks: every decision (records, corrupt lines, torn tail, where
/// appends continue, header verdict) must be the same whatever the chunk size.
@Suite struct LogFileParserTests {
    private struct Outcome: Equatable {
        var header: LogFileParser.Header
        var records: [TrainingRecord]
        var corrupt: [String]
        var goodEnd: Int
        var tail: LogFileParser.Tail?
    }

    private func parse(_ text: String, chunkSize: Int) -> Outcome {
        var records: [TrainingRecord] = []
        let parsed = LogFileParser(Array(text.utf8), codecs: Disciplines.codecs, chunkSize: chunkSize) { records.append($0) }
        return Outcome(header: parsed.header, records: records,
                       corrupt: parsed.corruptLines.map { "\($0.lineNumber): \($0.reason)" },
                       goodEnd: parsed.goodEnd, tail: parsed.tail)
    }

    private func lines(_ records: [TrainingRecord]) -> String {
        records.map { try! Disciplines.codecs.logLine(for: $0) }.joined()
    }

    /// Chunk sizes from the smallest the parser allows (it rounds up to hold the header) to whole-file.
    private let chunkSizes = [1, 400, 401, 512, 1000, 4096, LogFileParser.defaultChunkSize]

    private func expectSameForEveryChunkSize(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        let reference = parse(text, chunkSize: 1 << 24)
        for size in chunkSizes {
            #expect(parse(text, chunkSize: size) == reference, "chunk size \(size)", sourceLocation: sourceLocation)
        }
        return reference
    }

    @Test func recordsCorruptLinesAndTornTailDoNotDependOnTheChunkSize() {
        let records = (0..<40).flatMap { _ in variedRecords() }
        var body = lines(records).components(separatedBy: "\n")
        body[17] = "garbage"
        body.insert("", at: 30)
        body.insert("# a comment", at: 55)
        let text = LogFormat.fileHeader(Disciplines.codecs) + body.joined(separator: "\n") + "comparison\t2026-03-03T14:3"
        let outcome = expectSameForEveryChunkSize(text)
        #expect(outcome.header == .valid)
        #expect(outcome.records.count == records.count - 1)
        #expect(outcome.corrupt.count == 1 && outcome.corrupt[0].hasPrefix("\(Disciplines.codecs.log.count + 1 + 18):"))
        #expect(outcome.tail?.bytes == Array("comparison\t2026-03-03T14:3".utf8))
        #expect(outcome.goodEnd == text.utf8.count - 26)
        #expect(outcome.tail?.range == outcome.goodEnd..<text.utf8.count)
    }

    @Test func unreadableLastLineIsTheTailWhateverTheChunkSize() {
        let text = LogFormat.fileHeader(Disciplines.codecs) + lines(variedRecords()) + "\0\0\0\0\n"
        let outcome = expectSameForEveryChunkSize(text)
        #expect(outcome.tail?.bytes == [0, 0, 0, 0, 0x0A])
        #expect(outcome.corrupt.isEmpty && outcome.records == variedRecords())
    }

    @Test func aLineLongerThanTheBufferIsReadWhole() {
        let record = TrainingRecord.comparison(makeComparison(output: String(repeating: "long name ", count: 300)))
        let outcome = expectSameForEveryChunkSize(LogFormat.fileHeader(Disciplines.codecs) + lines([record, record]))
        #expect(outcome.records == [record, record] && outcome.tail == nil)
    }

    @Test func headerVerdictsDoNotDependOnTheChunkSize() {
        let fileHeader = LogFormat.fileHeader(Disciplines.codecs)
        #expect(expectSameForEveryChunkSize("").header == .absent)
        #expect(expectSameForEveryChunkSize(LogFormat.headerLine + "\n").header == .absent)
        #expect(expectSameForEveryChunkSize("# peach-log-fo").header == .torn)
        #expect(expectSameForEveryChunkSize(String(fileHeader.dropLast(5))).header == .torn)
        // Zeros longer than the smallest buffer: the verdict waits for the end of the file.
        let zeros = String(repeating: "\0", count: 5000)
        let torn = expectSameForEveryChunkSize("# peach-l" + zeros)
        #expect(torn.header == .torn && torn.tail?.bytes == Array(("# peach-l" + zeros).utf8) && torn.goodEnd == 0)
        #expect(expectSameForEveryChunkSize(String(fileHeader.prefix(100)) + zeros).header == .torn)
        #expect(expectSameForEveryChunkSize("# peach-l" + zeros + "\nx").header
                == .notALog(firstLine: "# peach-l" + String(zeros.prefix(71)) + "…")) // a line after the zeros: not a cut header
        #expect(expectSameForEveryChunkSize("# peach-l" + String(repeating: "x", count: 5000)).header
                == .notALog(firstLine: "# peach-l" + String(repeating: "x", count: 71) + "…"))
        #expect(expectSameForEveryChunkSize("my shopping list\neggs\n").header == .notALog(firstLine: "my shopping list"))
        let noLineEnd = String(repeating: "x", count: 5000)
        #expect(expectSameForEveryChunkSize(noLineEnd).header == .notALog(firstLine: String(repeating: "x", count: 80) + "…"))
        #expect(expectSameForEveryChunkSize("# peach-log-format:2\nwhatever\n").header == .unsupportedVersion("2"))
    }

    /// Numbers the fast path does not take go through strtod in place: same verdict and value as Double(String).
    @Test func longAndOddNumbersReadExactlyAsDoubleStringDoes() {
        var random = SystemRandomNumberGenerator()
        var fields = (0..<2000).map { _ in "\(Double.random(in: -100...100, using: &random))" }
        fields += ["5e-324", "2.2250738585072014e-308", "1e-05", "1E3", "-0.0", "0x1p3", "123456789012345678",
                   "1e400", "-1e400", "1e-400", " 1.5", "\u{0B}1.5", "1.5 ", "nan", "inf", "-", "1.5x", "1,5",
                   String(repeating: "1", count: 41)]
        for field in fields {
            let line = "comparison\t2026-03-03T14:30:00.000Z\t60\t60\t\(field)\t1.0\thigher\tcorrect\tP1\tequalTemperament\t440.0\t\t\n"
            var decoded: [TrainingRecord] = []
            let parsed = LogFileParser(Array((LogFormat.fileHeader(Disciplines.codecs) + line + line).utf8), codecs: Disciplines.codecs) { decoded.append($0) }
            let expected = Double(field).flatMap { $0.isFinite && field.utf8.count <= 40 ? $0 : nil }
            if let expected {
                guard decoded.count == 2, let record = decoded[0].comparisonRecord else {
                    Issue.record("'\(field)' not read: \(parsed.corruptLines)"); continue
                }
                #expect(record.intendedCentOffset.value.bitPattern == expected.bitPattern, "'\(field)'")
            } else {
                #expect(decoded.isEmpty && parsed.corruptLines.count == 1, "'\(field)' must be refused")
            }
        }
    }
}
