import Testing
@testable import PeachText

@Suite struct LanguageChoiceTests {
    @Test func germanLocalesChooseGerman() {
        for locale in ["de", "de_DE", "de_DE.UTF-8", "de_AT@euro", "de_CH.utf8", "DE_de"] {
            #expect(Language.chosen(by: ["LANG": locale]) == .german, "\(locale)")
        }
    }

    @Test func everythingElseIsEnglish() {
        for locale in ["C", "POSIX", "C.UTF-8", "en_US.UTF-8", "fr_FR.UTF-8", "dev", "d", "xx", "_de"] {
            #expect(Language.chosen(by: ["LANG": locale]) == .english, "\(locale)")
        }
        #expect(Language.chosen(by: [:]) == .english)
    }

    @Test func lcAllComesBeforeLcMessagesBeforeLang() {
        #expect(Language.chosen(by: ["LC_ALL": "C", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.chosen(by: ["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "C", "LANG": "C"]) == .german)
        #expect(Language.chosen(by: ["LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"]) == .german)
        #expect(Language.chosen(by: ["LC_MESSAGES": "C", "LANG": "de_DE.UTF-8"]) == .english)
    }

    @Test func anEmptyVariableIsSkipped() {
        #expect(Language.chosen(by: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.chosen(by: ["LC_ALL": "", "LANG": ""]) == .english)
    }

    @Test func otherCategoriesDoNotChooseTheLanguage() {
        #expect(Language.chosen(by: ["LC_NUMERIC": "de_DE.UTF-8", "LC_TIME": "de_DE.UTF-8", "LANGUAGE": "de"]) == .english)
    }
}
