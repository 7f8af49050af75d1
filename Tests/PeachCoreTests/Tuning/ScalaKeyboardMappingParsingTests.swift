import Foundation
import Testing
@testable import PeachCore

/// Reading .kbm text: the fields in order, "x" entries, entries left out at the end, and each malformed field.
@Suite struct ScalaKeyboardMappingParsingTests {
    static func whiteKeysFile() -> String {
        """
        ! Size of map:
        12
        ! First MIDI note number to retune:
        0
        ! Last MIDI note number to retune:
        127
        ! Middle note where the first entry of the mapping is mapped to:
        60
        ! Reference note for which frequency is given:
        69
        ! Frequency to tune the above note to
        440.0
        ! Scale degree to consider as formal octave:
        7
        ! Mapping.
        0
        x
        1
        x
        2
        3 F
        x
        4
        """
    }

    static func error(_ text: String) -> ScalaError? {
        do { _ = try ScalaKeyboardMapping.parse(text); return nil } catch { return error }
    }

    @Test func readsEveryFieldAndLeavesOutTrailingUnmappedKeys() throws {
        let mapping = try ScalaKeyboardMapping.parse(Self.whiteKeysFile())
        #expect(mapping.size == 12)
        #expect(mapping.firstNote.rawValue == 0 && mapping.lastNote.rawValue == 127)
        #expect(mapping.middleNote.rawValue == 60 && mapping.referenceNote.rawValue == 69)
        #expect(mapping.referenceFrequency.hertz == 440)
        #expect(mapping.octaveDegree == 7)
        #expect(mapping.entries == [0, nil, 1, nil, 2, 3, nil, 4])
        #expect(!mapping.isLinear)
    }

    @Test func linearMappingHasNoEntriesAndIgnoresLinesAfterThem() throws {
        let mapping = try ScalaKeyboardMapping.parse("0\n0\n127\n60\n69\n440\n0\n5\n")
        #expect(mapping.isLinear && mapping.entries.isEmpty && mapping.octaveDegree == 0)
        let twoEntries = try ScalaKeyboardMapping.parse("2\n0\n127\n60\n69\n440.0\n2\n0\n1\n7\n")
        #expect(twoEntries.entries == [0, 1])
    }

    @Test func wholeFileErrors() {
        #expect(Self.error("") == .emptyFile)
        #expect(throws: ScalaError.binaryFile) { try ScalaKeyboardMapping.parse(bytes: [0x31, 0x32, 0x00, 0x0A]) }
    }

    static let valid = ["12", "0", "127", "60", "69", "440.0", "12"]

    static func replacing(_ field: Int, with value: String) -> String {
        var fields = valid
        fields[field] = value
        return fields.joined(separator: "\n") + "\n"
    }

    /// (file, the line the message must name, words the message must hold).
    static let malformed: [(String, Int, String)] = [
        ("! nothing\n", 2, "the map size"),
        ("12\n0\n127\n60\n69\n440.0\n", 7, "the formal octave degree"),
        (replacing(0, with: "twelve"), 1, "'twelve' is not a whole number for the map size"),
        (replacing(0, with: "10001"), 1, "out of range for the map size"),
        (replacing(1, with: "-1"), 2, "not a whole number for the first MIDI note"),
        (replacing(2, with: "128"), 3, "from 0 to 127"),
        (replacing(2, with: "99999999999999999999999"), 3, "out of range"),
        ("12\n100\n50\n60\n69\n440.0\n12\n", 3, "the last MIDI note 50 lies below the first 100"),
        (replacing(3, with: "C4"), 4, "the middle note"),
        (replacing(4, with: "A4"), 5, "the reference note"),
        (replacing(5, with: "0"), 6, "'0' is not a frequency"),
        (replacing(5, with: "-440"), 6, "not a frequency"),
        (replacing(5, with: "4.4.0"), 6, "not a frequency"),
        (replacing(5, with: "1e400"), 6, "not a frequency"),
        (replacing(5, with: "200000"), 6, "not a frequency"),
        (replacing(6, with: "x"), 7, "formal octave degree"),
        (valid.joined(separator: "\n") + "\n0\ny\n", 9, "'y' is not a mapping entry"),
        (valid.joined(separator: "\n") + "\n0\n-2\n", 9, "not a mapping entry"),
        (valid.joined(separator: "\n") + "\n0\n99999999999999999999999\n", 9, "not a mapping entry"),
    ]

    @Test(arguments: malformed.indices)
    func malformedFilesNameTheirLine(_ index: Int) throws {
        let (text, line, words) = Self.malformed[index]
        try expectLineError(Self.error(text), line: line, saying: words, case: index)
    }
}
