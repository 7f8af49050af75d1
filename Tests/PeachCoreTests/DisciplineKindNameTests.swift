import PeachCore
import PeachText
import Testing

@Suite struct DisciplineKindNameTests {
    @Test func aKindWithACatalogEntrySpeaksTheLanguageAndAnyOtherKeepsItsName() {
        let comparison = DisciplineKind("comparison", name: "comparison")
        #expect(Localization.rendering(in: .german) { comparison.localizedName } == "Vergleich")
        #expect(Localization.rendering(in: .english) { comparison.localizedName } == "comparison")
        #expect(Localization.rendering(in: .german) { DisciplineKind("rhythmDictation", name: "rhythm dictation").localizedName }
                == "rhythm dictation")
    }
}
