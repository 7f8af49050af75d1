import Foundation
@testable import PeachPresentation
import Testing

/// The SVG's text is broken where it would run off the picture, and only there: at its parts first.
@Suite struct SVGTextTests {
    static let english = "Interval discrimination (M3 comparison, equal temperament) — not enough data yet (14 answers)"
    static let german = "Intervallunterscheidung (M3-Vergleich, gleichstufige Stimmung) — noch zu wenige Daten (14 Antworten)"

    @Test func aLineThatFitsStaysWhole() {
        #expect(SVGText.lines(Self.english, fontSize: 14) == [Self.english])
        #expect(SVGText.lines("", fontSize: 12) == [""])
    }

    /// The German line ran past the picture's right edge (it is about 730 units wide at 14 px, the room is 710).
    @Test func aLineTooLongBreaksAfterItsDashFirst() {
        #expect(SVGText.lines(Self.german, fontSize: 14)
                == ["Intervallunterscheidung (M3-Vergleich, gleichstufige Stimmung) —", "noch zu wenige Daten (14 Antworten)"])
    }

    @Test func thenBetweenItsPartsThenAtSpaces() {
        let caption = "Tendenz +2,4 ct (95 %: +1,4–+3,4) · Streuung 6,7 ct (95 %: 6,0–7,4) · Balken: 95-%-Intervall der Tendenz · Band: ± eine Streuung"
        #expect(SVGText.lines(caption, fontSize: 12)
                == ["Tendenz +2,4 ct (95 %: +1,4–+3,4) · Streuung 6,7 ct (95 %: 6,0–7,4) · Balken: 95-%-Intervall der Tendenz ·",
                    "Band: ± eine Streuung"])
        let words = String(repeating: "word ", count: 60).trimmingCharacters(in: .whitespaces)
        let lines = SVGText.lines(words, fontSize: 12)
        #expect(lines.count > 1 && lines.joined(separator: " ") == words)
        #expect(lines.allSatisfy { SVGText.estimatedWidth($0, fontSize: 12) <= SVGText.width })
    }

    @Test func eachLineIsATextElementOneLineLower() {
        let elements = SVGText.elements(Self.german, baseline: 24, fontSize: 14, spacing: 18)
        #expect(elements == [
            #"<text x="70" y="24" font-size="14">Intervallunterscheidung (M3-Vergleich, gleichstufige Stimmung) —</text>"#,
            #"<text x="70" y="42" font-size="14">noch zu wenige Daten (14 Antworten)</text>"#,
        ])
        #expect(SVGPanel.line(Self.german).height == 24 + 18 + 10)
        #expect(SVGPanel.line("Pitch matching — no attempts yet", underTitle: true).elements
                == [#"<text x="70" y="52" font-size="14">Pitch matching — no attempts yet</text>"#])
    }
}
