import Testing
@testable import PeachCatalog

@Suite struct CatalogCheckTests {
    private func entry(_ id: String, _ english: String, _ translation: String = "") -> CatalogEntry {
        CatalogEntry(id: id, english: english, translation: translation, line: 1)
    }

    @Test func aCompleteTranslationHasNoProblems() {
        #expect(CatalogCheck.problems(template: [entry("a", "{n} notes")], translation: [entry("a", "{n} notes", "{n} Töne")],
                                      language: "German") == [])
    }

    @Test func missingEmptyStaleAndChangedPlaceholdersAreEachReported() {
        let template = [entry("missing", "x"), entry("empty", "x"), entry("changed", "new"), entry("holes", "{a} {b}")]
        let translation = [entry("empty", "x", ""), entry("changed", "old", "alt"), entry("holes", "{a} {b}", "{a} {c}"),
                           entry("dropped", "y", "z")]
        let problems = CatalogCheck.problems(template: template, translation: translation, language: "German")
        #expect(problems.count == 5)
        #expect(problems.contains { $0.hasPrefix("missing: no German text") })
        #expect(problems.contains { $0.hasPrefix("empty: no German text") })
        #expect(problems.contains { $0.hasPrefix("changed: the English changed") })
        #expect(problems.contains { $0 == "holes: placeholders {a} {b} in English, {a} {c} in German" })
        #expect(problems.contains { $0.hasPrefix("dropped: translated, but not in the English template") })
    }

    @Test func theSourceWriterEscapesAndListsEveryId() {
        let source = CatalogSourceWriter.source(template: [entry("a.b", "say \"hi\"\n\\"), entry("c", "only English")],
                                                german: [entry("a.b", "x", "sag \"hallo\"")])
        #expect(source.contains(#"case aB = "a.b""#))
        #expect(source.contains(#"case .aB: "say \"hi\"\n\\""#))
        #expect(source.contains(#"case .aB: "sag \"hallo\"""#))
        #expect(source.contains(#"case .c: "only English""#))
        #expect(!source.contains(#"case .c: nil"#))
    }
}
