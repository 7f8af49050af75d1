import Foundation
import Testing
@testable import PeachCore

/// Reading .scl text: the valid forms of the format, and each malformed case with its line in the message.
@Suite struct ScalaScaleParsingTests {
    static func meantoneFile() -> String {
        """
        ! meanquar.scl
        !
        1/4-comma meantone scale. Pietro Aaron's temperament (1523)
         12
        !
         76.04900
         193.15686
         310.26471
         5/4 major third
         503.42157
         579.47057
         696.57843
         772.62743
         889.73529
         1006.84314
         1082.89214
         2/1
        """
    }

    static func parsed(_ text: String) throws -> ScalaScale { try ScalaScale.parse(text) }

    static func error(_ text: String) -> ScalaError? {
        do { _ = try ScalaScale.parse(text); return nil } catch { return error }
    }

    @Test func readsDescriptionCountRatiosCentsAndTrailingText() throws {
        let scale = try Self.parsed(Self.meantoneFile())
        #expect(scale.description == "1/4-comma meantone scale. Pietro Aaron's temperament (1523)")
        #expect(scale.noteCount == 12)
        #expect(scale.degrees[0].written == "76.04900")
        #expect(scale.degrees[0].notation == .cents)
        #expect(abs(scale.degrees[0].cents.value - 76.049) < 1e-9)
        #expect(scale.degrees[3].written == "5/4")
        #expect(scale.degrees[3].notation == .ratio(numerator: 5, denominator: 4))
        #expect(abs(scale.degrees[3].cents.value - 386.3137) < 1e-3)
        #expect(scale.period.value == 1200)
    }

    @Test func wholeNumbersAreRatiosOverOneAndTheEmptyDescriptionIsKept() throws {
        let scale = try Self.parsed("\n2\n3/2\n2\n")
        #expect(scale.description == "")
        #expect(scale.degrees[1].written == "2")
        #expect(scale.degrees[1].notation == .ratio(numerator: 2, denominator: 1))
        #expect(scale.period.value == 1200)
    }

    @Test func negativeCentsAndWindowsLineEndsAndLinesAfterTheLastPitchAreAccepted() throws {
        let scale = try Self.parsed("! c\r\nodd\r\n3\r\n-10.0\r\n701.955 cents\r\n1200.\r\nextra line, ignored\r\n")
        #expect(scale.degrees.map(\.cents.value) == [-10, 701.955, 1200])
        #expect(scale.description == "odd")
    }

    @Test func degreesContinueIntoFurtherPeriodsBothWays() throws {
        let scale = try Self.parsed(Self.meantoneFile())
        #expect(scale.cents(ofDegree: 0).value == 0)
        #expect(scale.cents(ofDegree: 12).value == 1200)
        #expect(abs(scale.cents(ofDegree: 16).value - 1586.3137) < 1e-3)
        #expect(abs(scale.cents(ofDegree: -8).value - (386.3137 - 1200)) < 1e-3)
        #expect(abs(scale.interval(from: 8, to: 15).value - (1200 + 310.26471 - 772.62743)) < 1e-6)
        _ = scale.cents(ofDegree: Int.min)  // no overflow trap
        _ = scale.cents(ofDegree: Int.max)
    }

    @Test func latin1BytesAreReadAndBinaryBytesRefused() throws {
        let latin1: [UInt8] = Array("! x\nGamelan ".utf8) + [0xE9] + Array("\n1\n2/1\n".utf8)
        #expect(try ScalaScale.parse(bytes: latin1).description == "Gamelan é")
        #expect(throws: ScalaError.binaryFile) { try ScalaScale.parse(bytes: Array("a\n1\n2/1\u{0}\n".utf8)) }
        #expect(throws: ScalaError.binaryFile) { try ScalaScale.parse("a\n1\n\u{1}2/1\n") }
    }

    @Test func wholeFileErrors() {
        #expect(Self.error("") == .emptyFile)
        #expect(Self.error(" \n\t\n") == .emptyFile)
        let huge = String(repeating: "!", count: ScalaText.maximumBytes + 1)
        #expect(Self.error(huge) == .tooLarge(byteCount: ScalaText.maximumBytes + 1))
        #expect(Self.error(huge)?.description.contains("too large") == true)
    }

    /// (file, the line the message must name, words the message must hold).
    static let malformed: [(String, Int, String)] = [
        ("! only a comment\n", 2, "the description"),
        ("desc\n", 2, "the number of notes"),
        ("desc\ntwelve\n", 2, "'twelve' is not a number of notes"),
        ("desc\n-3\n3/2\n", 2, "not a number of notes"),
        ("desc\n0\n", 2, "0 notes has no period"),
        ("desc\n10001\n", 2, "too many"),
        ("desc\n99999999999999999999999\n", 2, "too many"),
        ("desc\n3\n3/2\n2/1\n", 5, "after 2 of 3 pitches"),
        ("desc\n2\n3/0\n2/1\n", 3, "'3/0' has a zero"),
        ("desc\n2\n0/1\n2/1\n", 3, "has a zero"),
        ("desc\n2\n-3/2\n2/1\n", 3, "'-3/2' is a negative ratio"),
        ("desc\n2\n3/\n2/1\n", 3, "'3/' is not a ratio or a cents value: write a ratio like 3/2 or cents like 701.955"),
        ("desc\n2\nfifth\n2/1\n", 3, "'fifth' is not a ratio"),
        ("desc\n2\n\n2/1\n", 3, "'' is not a ratio"),
        ("desc\n2\n.\n2/1\n", 3, "'.' is not a ratio"),
        ("desc\n2\n+3/2\n2/1\n", 3, "not a ratio"),
        ("desc\n2\n3/2\n99999999999999999999/1\n", 4, "too large"),
        ("desc\n2\n3/2\n" + String(repeating: "9", count: 400) + ".0\n", 4, "too large"),
        ("desc\n2\n3/2\n1/2\n", 4, "period and must lie above 1/1"),
        ("desc\n1\n0.0\n", 3, "period"),
    ]

    @Test(arguments: malformed.indices)
    func malformedFilesNameTheirLine(_ index: Int) throws {
        let (text, line, words) = Self.malformed[index]
        try expectLineError(Self.error(text), line: line, saying: words, case: index)
    }
}
