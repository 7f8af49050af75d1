import Testing
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport
import PeachFormats

@Suite struct CSVReaderTests {
    private func rows(_ text: String) throws -> [CSVRow] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(CSVSyntaxError) in try CSVReader.rows(buffer, firstLineNumber: 1) }
    }

    @Test func quotedCommasQuotesAndLineBreaks() throws {
        let parsed = try rows("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,x\nlast,\"\",")
        #expect(parsed == [
            CSVRow(lineNumber: 1, fields: ["a", "b,c", "say \"hi\""]),
            CSVRow(lineNumber: 2, fields: ["two\nlines", "", "x"]),
            CSVRow(lineNumber: 4, fields: ["last", "", ""]),
        ])
    }

    @Test func lfAndCrlfGiveTheSameRows() throws {
        #expect(try rows("a,b\nc,d\n") == rows("a,b\r\nc,d\r\n"))
        #expect(try rows("a,b\nc,d").count == 2)
    }

    @Test func unterminatedQuoteNamesTheLineItOpened() {
        #expect(throws: CSVSyntaxError.unterminatedQuote(line: 2)) { try rows("a,b\n\"open,\nmore\n") }
    }

    @Test func textAfterClosingQuoteIsAnError() {
        #expect(throws: CSVSyntaxError.textAfterClosingQuote(line: 1)) { try rows("\"a\"b,c\n") }
    }

    @Test func quotingOnExportRoundTrips() throws {
        let values = ["plain", "with,comma", "with \"quote\"", "multi\nline", "cr\r\nlf", ""]
        let line = values.map(CSVField.quoted).joined(separator: ",")
        #expect(try rows(line + "\n") == [CSVRow(lineNumber: 1, fields: values)])
    }
}
