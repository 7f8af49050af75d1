import Testing
@testable import PeachText

@Suite struct LocalizationTests {
    @Test func aTaskRendersInItsOwnLanguage() {
        #expect(Localization.rendering(in: .german) { tr(.comparisonHigher) } == "Höher")
        #expect(Localization.rendering(in: .english) { tr(.comparisonHigher) } == "Higher")
    }

    @Test func placeholdersAreFilled() {
        let german = Localization.rendering(in: .german) {
            tr(.comparisonStatus, ["answered": "3", "accuracy": "75 %"])
        }
        #expect(german == "3 beantwortet · 75 %")
    }

    @Test func countsChooseTheirFormThroughTheLanguagesPluralRule() {
        Localization.rendering(in: .english) {
            #expect(tr(.profileComparisons, count: 1) == "1 comparison")
            #expect(tr(.profileComparisons, count: 0) == "0 comparisons")
            #expect(tr(.profileComparisons, count: 2) == "2 comparisons")
            #expect(tr(.reportRegionAnswers, count: 1, ["threshold": "4.0 ct"]) == "4.0 ct, 1 answer")
        }
        Localization.rendering(in: .german) {
            #expect(tr(.profileComparisons, count: 1) == "1 Vergleich")
            #expect(tr(.profileComparisons, count: 2) == "2 Vergleiche")
            #expect(tr(.logDisciplines, count: 1) == "diese Disziplin")
            #expect(tr(.logDisciplines, count: 3) == "diese Disziplinen")
        }
    }

    /// English and German take the first form for one thing only: 1 → "one", 0 and 2 and 21 → "other".
    @Test func theGeneratedPluralRulesAreGermanicInBothLanguages() {
        for rule in [CatalogTables.englishForm(count:), CatalogTables.germanForm(count:)] {
            #expect([0, 1, 2, 21, 101].map(rule) == [1, 0, 1, 1, 1])
        }
    }

    /// A language the catalogs do not have (the environment chose English for it) renders English.
    @Test func anUnknownLanguageFallsBackToEnglish() {
        let language = Language.chosen(by: ["LANG": "fr_FR.UTF-8"])
        #expect(Localization.rendering(in: language) { tr(.comparisonHigher) } == "Higher")
    }

    /// Every id has German text with exactly the English text's placeholders (the built-in tables, as shipped).
    @Test func everyEnglishTextHasGermanWithTheSamePlaceholders() {
        for id in MessageID.allCases {
            let english = CatalogTables.english(id)
            guard let german = CatalogTables.german(id) else {
                Issue.record("\(id.rawValue): no German")
                continue
            }
            #expect(Set(Template.placeholders(in: german)) == Set(Template.placeholders(in: english)), "\(id.rawValue)")
            #expect(!german.isEmpty, "\(id.rawValue)")
        }
    }

    /// Every counted text has as many German forms as German's rule numbers, each with the English's placeholders
    /// (the singular may say "one" instead of `{count}`).
    @Test func everyCountedTextHasItsGermanFormsWithTheSamePlaceholders() {
        for id in PluralMessageID.allCases {
            let english = CatalogTables.english(id)
            guard let german = CatalogTables.german(id) else {
                Issue.record("\(id.rawValue): no German")
                continue
            }
            #expect(english.count == 2 && german.count == 2, "\(id.rawValue)")
            let placeholders = Set(english.flatMap(Template.placeholders(in:)))
            for form in german {
                #expect(Set(Template.placeholders(in: form)).subtracting(["count"]) == placeholders.subtracting(["count"]),
                        "\(id.rawValue): \(form)")
            }
            #expect(german.last.map(Template.placeholders(in:))?.contains("count") == english.last.map(Template.placeholders(in:))?.contains("count"))
        }
    }
}
