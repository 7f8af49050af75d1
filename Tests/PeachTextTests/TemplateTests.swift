import Testing
@testable import PeachText

@Suite struct TemplateTests {
    @Test func placeholdersAreNamedInBraces() {
        #expect(Template.placeholders(in: "Answered {answered} · correct {correct} · {answered}") == ["answered", "correct"])
        #expect(Template.placeholders(in: "no placeholder") == [])
    }

    @Test func otherBracesAreText() {
        #expect(Template.placeholders(in: "{} {1x} { a} {a b} {ä} {open") == [])
        #expect(Template.fill("{} {1x} {open", with: ["open": "x"]) == "{} {1x} {open")
    }

    @Test func fillingReplacesEveryUseAndKeepsTheRest() {
        #expect(Template.fill("{a}+{b}={a}{b}!", with: ["a": "1", "b": "2"]) == "1+2=12!")
        #expect(Template.fill("{a} and {missing}", with: ["a": "x", "unused": "y"]) == "x and {missing}")
    }

    @Test func aValueWithBracesIsNotFilledAgain() {
        #expect(Template.fill("{a} {b}", with: ["a": "{b}", "b": "B"]) == "{b} B")
    }
}
