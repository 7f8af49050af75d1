import Foundation
import Testing
@testable import PeachCatalog
import PeachText

/// The repository's own catalogs: readable, German complete, and the Swift the binary is built from
/// generated from exactly these files (run scripts/catalog after editing po/).
@Suite struct CatalogFilesTests {
    static let files = CatalogFiles(repository: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path)

    @Test func theGermanCatalogIsComplete() throws {
        let problems = CatalogCheck.problems(template: try Self.files.template().entries, translation: try Self.files.german().entries,
                                             language: "German")
        #expect(problems == [])
    }

    /// Every English entry is in the German catalog, translated in every form, and German has no entry English lacks.
    @Test func theGermanCatalogHasEveryEntryOfTheEnglishOne() throws {
        let english = try Self.files.template().entries, german = try Self.files.german().entries
        let translated = Set(german.filter(\.isTranslated).map(\.id))
        #expect(english.map(\.id).filter { !translated.contains($0) } == [], "no German text")
        #expect(Set(german.map(\.id)).subtracting(english.map(\.id)) == [], "German for no English text")
    }

    /// "1 answers" cannot happen: a text that shows a count has its singular and plural forms in English and every
    /// form of German's plural rule, and both catalogs say their rule.
    @Test func everyTextWithACountHasItsPluralFormsInBothLanguages() throws {
        let english = try Self.files.template(), german = try Self.files.german()
        let rule = PluralForms(count: 2, rule: "(n != 1)", swiftExpression: "n != 1 ? 1 : 0")
        #expect(english.pluralForms == rule && german.pluralForms == rule)
        let germanByID = Dictionary(uniqueKeysWithValues: german.entries.map { ($0.id, $0) })
        let withCount = english.entries.filter { $0.englishForms.contains { Template.placeholders(in: $0).contains("count") } }
        #expect(withCount.count > 40)
        for entry in withCount {
            #expect(entry.isCounted, "\(entry.id) shows {count}: give it msgid_plural and msgstr[0], msgstr[1]")
            let translated = germanByID[entry.id]
            #expect(translated?.isCounted == true && translated?.translations.count == 2 && translated?.isTranslated == true,
                    "\(entry.id): German needs msgstr[0] and msgstr[1]")
        }
    }

    @Test func theGeneratedSourceIsUpToDate() throws {
        let committed = try String(contentsOfFile: Self.files.generatedSourcePath, encoding: .utf8)
        #expect(committed == (try Self.files.generatedSource()), "po/ changed: run scripts/catalog")
    }
}
