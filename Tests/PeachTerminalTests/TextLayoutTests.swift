import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct TextLayoutTests {
    let red = ANSI.style([31])

    @Test func widthIgnoresEscapeSequences() {
        #expect(TextLayout.visibleWidth(red + "abc" + ANSI.resetStyle) == 3)
        #expect(TextLayout.visibleWidth("✓ ↑ ─ █") == 7)
    }

    @Test func fitPadsAndCutsKeepingStylesBalanced() {
        #expect(TextLayout.fit("ab", width: 4) == "ab  ")
        #expect(TextLayout.fit("abcdef", width: 3) == "abc")
        let cut = TextLayout.fit(red + "abcdef" + ANSI.resetStyle, width: 3)
        #expect(TextLayout.stripEscapes(cut) == "abc")
        #expect(cut.hasSuffix(ANSI.resetStyle))
    }

    @Test func spreadCenterWrapTruncate() {
        #expect(TextLayout.spread("left", "right", width: 12) == "left   right")
        #expect(TextLayout.center("ab", width: 6) == "  ab  ")
        #expect(TextLayout.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextLayout.truncate("abcdef", width: 4) == "abc…")
        #expect(TextLayout.truncate("abc", width: 4) == "abc")
    }

    @Test func monochromeStylerAddsNothing() {
        let mono = Styler(.monochrome)
        #expect(mono.bold("x") == "x" && mono.bad("x") == "x" && mono.inverse("x") == "x")
        #expect(Styler(.color).good("x") == ANSI.style([1, 32]) + "x" + ANSI.resetStyle)
    }
}
