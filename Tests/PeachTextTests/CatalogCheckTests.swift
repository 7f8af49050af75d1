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

    private func counted(_ id: String, _ english: [String], _ translations: [String] = ["", ""]) -> CatalogEntry {
        CatalogEntry(id: id, english: english[0], englishPlural: english[1], translations: translations, line: 1)
    }

    @Test func aCompleteCountedTranslationHasNoProblemsAndItsSingularMaySayOneInsteadOfTheCount() {
        let template = [counted("a", ["{count} note in {key}", "{count} notes in {key}"]),
                        counted("b", ["the first day", "the first {count} days"])]
        let translation = [counted("a", ["{count} note in {key}", "{count} notes in {key}"], ["{count} Ton in {key}", "{count} Töne in {key}"]),
                           counted("b", ["the first day", "the first {count} days"], ["der erste Tag", "die ersten {count} Tage"])]
        #expect(CatalogCheck.problems(template: template, translation: translation, language: "German") == [])
    }

    @Test func countedProblemsAreEachReported() {
        let english = ["{count} note in {key}", "{count} notes in {key}"]
        let template = [counted("untranslatedForm", english), counted("notCounted", english), counted("changed", english),
                        counted("lostCount", english), counted("lostKey", english), entry("countedOnlyInGerman", "x")]
        let translation = [counted("untranslatedForm", english, ["{count} Ton in {key}", ""]),
                           entry("notCounted", english[0], "{count} Töne in {key}"),
                           counted("changed", ["{count} note", "{count} notes"], ["{count} Ton in {key}", "{count} Töne in {key}"]),
                           counted("lostCount", english, ["{count} Ton in {key}", "Töne in {key}"]),
                           counted("lostKey", english, ["ein Ton", "{count} Töne in {key}"]),
                           counted("countedOnlyInGerman", ["x", "xs"], ["y", "ys"])]
        let problems = CatalogCheck.problems(template: template, translation: translation, language: "German")
        #expect(problems == [
            "untranslatedForm: no German text",
            "notCounted: counted in English (msgid_plural), not in German: give it msgid_plural and msgstr[0] …",
            "changed: the English changed since it was translated; review the German text and copy the new English into its msgid and msgid_plural",
            "lostCount: placeholders {count} {key} in English, {key} in German (msgstr[1])",
            "lostKey: placeholders {count} {key} in English, {} in German (msgstr[0])",
            "countedOnlyInGerman: counted in German (msgid_plural), not in English: give it one msgstr",
        ])
    }

    @Test func theSourceWriterGivesCountedTextsTheirOwnIDsFormsAndEachLanguagesRule() {
        let rule = PluralForms(count: 2, rule: "(n != 1)", swiftExpression: "n != 1 ? 1 : 0")
        let source = CatalogSourceWriter.source(
            template: Catalog(pluralForms: rule, entries: [counted("a.notes", ["{count} note", "{count} notes"]), entry("b", "plain")]),
            german: Catalog(pluralForms: rule, entries: [counted("a.notes", ["{count} note", "{count} notes"], ["{count} Ton", "{count} Töne"]),
                                                         entry("b", "plain", "schlicht")]))
        #expect(source.contains("public enum PluralMessageID: String, CaseIterable, Sendable {\n    case aNotes = \"a.notes\"\n}"))
        #expect(source.contains("public enum MessageID: String, CaseIterable, Sendable {\n    case b = \"b\"\n}"))
        #expect(source.contains(#"case .aNotes: ["{count} note", "{count} notes"]"#))
        #expect(source.contains(#"case .aNotes: ["{count} Ton", "{count} Töne"]"#))
        #expect(source.contains("    /// po/de.po: nplurals=2; plural=(n != 1);\n    static func germanForm(count n: Int) -> Int { n != 1 ? 1 : 0 }"))
        #expect(!source.contains("default: nil"), "every text has its German: exhaustive switches")
    }

    @Test func theSourceWriterEscapesAndListsEveryId() {
        let source = CatalogSourceWriter.source(template: Catalog(pluralForms: nil, entries: [entry("a.b", "say \"hi\"\n\\"), entry("c", "only English")]),
                                                german: Catalog(pluralForms: nil, entries: [entry("a.b", "x", "sag \"hallo\"")]))
        #expect(source.contains(#"case aB = "a.b""#))
        #expect(source.contains(#"case .aB: "say \"hi\"\n\\""#))
        #expect(source.contains(#"case .aB: "sag \"hallo\"""#))
        #expect(source.contains(#"case .c: "only English""#))
        #expect(!source.contains(#"case .c: nil"#))
        #expect(source.contains("        default: nil"), "c has no German yet")
        #expect(source.contains("static func englishForm(count n: Int) -> Int { 0 }"), "no Plural-Forms: one form")
    }
}
