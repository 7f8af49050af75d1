@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct KeyDecoderTests {
    func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    func decodeBytes(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test func plainKeys() {
        #expect(decode("qhjkl 5") == [.character("q"), .character("h"), .character("j"), .character("k"),
                                      .character("l"), .space, .character("5")])
        #expect(decodeBytes([0x0D, 0x0A, 0x7F, 0x08, 0x09, 0x03, 0x1A]) ==
                [.enter, .enter, .backspace, .backspace, .tab, .ctrlC, .ctrlZ])
    }

    @Test func arrowsInNormalAndApplicationCursorMode() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") ==
                [.arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left)])
        #expect(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") ==
                [.arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left)])
    }

    @Test func modifiedArrows() {
        #expect(decode("\u{1B}[1;2C") == [.arrow(.right, .shift)])
        #expect(decode("\u{1B}[1;2D") == [.arrow(.left, .shift)])
        #expect(decode("\u{1B}[1;5C") == [.arrow(.right, .control)])
        #expect(decode("\u{1B}[1;3A") == [.arrow(.up, .alt)])
        #expect(decode("\u{1B}[1;6D") == [.arrow(.left, [.shift, .control])])
    }

    @Test func otherSpecialKeys() {
        #expect(decode("\u{1B}[H\u{1B}[F\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z\u{1B}[1~\u{1B}[4~") ==
                [.home, .end, .delete, .pageUp, .pageDown, .backTab, .home, .end])
        #expect(decode("\u{1B}[15~") == [.unknown])
        #expect(decode("\u{1B}[15~q") == [.unknown, .character("q")])
    }

    @Test func loneEscapeWaitsForTheFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush() == [])
    }

    @Test func escapeSequenceSplitAcrossReadsIsCompletedByTheNextFeed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[1;".utf8)) == [])
        #expect(decoder.feed(Array("2".utf8)) == [])
        #expect(decoder.feed(Array("Cj".utf8)) == [.arrow(.right, .shift), .character("j")])
        #expect(!decoder.hasPendingInput)
    }

    @Test func altChordsAreNotEscape() {
        #expect(decode("\u{1B}q") == [.alt("q")])
        #expect(decode("\u{1B}k") == [.alt("k")])
        #expect(ComparisonKeys.action(for: .alt("q")) == nil)
    }

    @Test func rxvtModifiedArrows() {
        #expect(decode("\u{1B}[c\u{1B}[d") == [.arrow(.right, .shift), .arrow(.left, .shift)])
        #expect(decode("\u{1B}Oa") == [.arrow(.up, .control)])
        #expect(decode("\u{1B}[?6c") == [.unknown])
    }

    @Test func escapeFollowedByAControlByteIsEscapeThenThatKey() {
        #expect(decode("\u{1B}\r") == [.escape, .enter])
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .arrow(.up)])
        #expect(decode("\u{1B}\u{1B}") == [.escape, .escape])
    }

    @Test func incompleteSequenceFlushedIsEscapeAndItsCharacters() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.escape, .character("[")])
    }

    @Test func utf8CharactersEvenWhenSplit() {
        #expect(decode("é↑") == [.character("é"), .character("↑")])
        var decoder = KeyDecoder()
        let arrow = Array("↑".utf8)
        #expect(decoder.feed(Array(arrow.prefix(2))) == [])
        #expect(decoder.feed(Array(arrow.dropFirst(2))) == [.character("↑")])
        #expect(decodeBytes([0xFF, 0x61]) == [.character("a")])
    }
}
