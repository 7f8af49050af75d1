import PeachConfig
import PeachDisciplines
import PeachText
import Testing

/// Each configuration key's label and documentation are in the catalog, English identical to the schema's (which
/// the file template is written from), so the Settings screen and the man page can speak German.
@Suite struct ConfigKeyTranslationTests {
    @Test(arguments: Disciplines.schema.keys)
    func everyKeyHasItsTextsInTheCatalog(key: ConfigKey) throws {
        let label = try #require(MessageID(rawValue: key.catalogID + ".label"), "\(key.catalogID).label")
        let documentation = try #require(MessageID(rawValue: key.catalogID + ".documentation"), "\(key.catalogID).documentation")
        #expect(Localization.text(label, in: .english) == key.englishLabel)
        #expect(Localization.text(documentation, in: .english) == key.documentation)
        Localization.rendering(in: .german) {
            #expect(key.label != key.englishLabel || key.englishLabel == "Tempo" || key.englishLabel == "Synth"
                    || key.englishLabel == "SoundFont" || key.englishLabel == "Bank", "\(key) has no German label")
            #expect(key.localizedDocumentation != key.documentation, "\(key) has no German documentation")
        }
    }

    /// What an empty text value means is in the catalog too, English as the schema says it (the man page showed the
    /// English in German: "Vorgabe: leer (automatic)").
    @Test(arguments: Disciplines.schema.keys.filter { $0.emptyMeaning != nil })
    func everyTextKeySaysWhatEmptyMeansInTheCatalog(key: ConfigKey) throws {
        guard case .text(let english) = key.kind else { return }
        let id = try #require(MessageID(rawValue: key.catalogID + ".emptyMeans"), "\(key.catalogID).emptyMeans")
        #expect(Localization.text(id, in: .english) == english)
        #expect(Localization.rendering(in: .german) { key.emptyMeaning } != english, "\(key) says it in English")
    }

    @Test func allowedValuesKeepTheirNotationInGerman() {
        Localization.rendering(in: .german) {
            #expect(ConfigSchema.noteDuration.kind.allowedDescription == "0.2...5 Sekunden")
            #expect(ConfigSchema.lowestNote.label == "Tiefster Ton")
        }
        Localization.rendering(in: .english) {
            #expect(ConfigSchema.noteDuration.kind.allowedDescription == "0.2...5 seconds")
        }
    }
}
