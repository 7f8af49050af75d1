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

    @Test func countsChooseTheirForm() {
        Localization.rendering(in: .english) {
            #expect(tr(count: 1, one: .profileComparisonsOne, other: .profileComparisonsOther) == "1 comparison")
            #expect(tr(count: 0, one: .profileComparisonsOne, other: .profileComparisonsOther) == "0 comparisons")
        }
        Localization.rendering(in: .german) {
            #expect(tr(count: 2, one: .profileComparisonsOne, other: .profileComparisonsOther) == "2 Vergleiche")
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
}
