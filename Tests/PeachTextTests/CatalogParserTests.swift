@testable import PeachCatalog
import Testing

@Suite struct CatalogParserTests {
    private func parse(_ text: String) throws -> [CatalogEntry] { try catalog(text).entries }
    private func catalog(_ text: String) throws -> Catalog { try CatalogParser.parse(text, file: "t.po") }

    private static let header = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"


        """

    @Test func readsEntriesAndSkipsTheHeaderAndComments() throws {
        let entries = try parse("""
            # a comment
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"

            #. what it is
            msgctxt "start.title"
            msgid "ear training"
            msgstr "Gehörbildung"

            msgctxt "comparison.status"
            msgid "{answered} answered"
            msgstr ""
            """)
        #expect(entries == [CatalogEntry(id: "start.title", english: "ear training", translation: "Gehörbildung", line: 7),
                            CatalogEntry(id: "comparison.status", english: "{answered} answered", translation: "", line: 11)])
    }

    @Test func continuationLinesAndEscapesJoin() throws {
        let entries = try parse("""
            msgctxt "help.usage"
            msgid "Usage: peach\\n"
            "  say \\"hi\\"\\t\\\\"
            msgstr ""
            "Aufruf"
            """)
        #expect(entries.first?.english == "Usage: peach\n  say \"hi\"\t\\")
        #expect(entries.first?.translation == "Aufruf")
    }

    @Test func windowsLineEndsAndIndentationAreTolerated() throws {
        let entries = try parse("msgctxt \"a\"\r\n  msgid \"b\"\r\nmsgstr \"c\"\r\n")
        #expect(entries == [CatalogEntry(id: "a", english: "b", translation: "c", line: 1)])
    }

    @Test(arguments: [
        ("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c", 3, "expected a quoted string"),
        ("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"say \"hi\"\"", 3, "a quote inside a string"),
        ("msgctxt \"a\"\nmsgid \"b\\x\"\nmsgstr \"\"", 2, "unknown escape \\x"),
        ("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\"\nmsgctxt \"d\"", 4, "msgctxt twice"),
        ("msgctxt \"a\"\nmsgstr \"c\"\nmsgid \"b\"", 3, "msgid must come before msgstr"),
        ("msgctxt \"a\"\nmsgid \"b\"", 1, "needs msgid and msgstr"),
        ("msgid \"b\"\nmsgstr \"c\"", 1, "needs a msgctxt"),
        ("msgctxt \"Start title\"\nmsgid \"b\"\nmsgstr \"c\"", 1, "is not an id"),
        ("msgstring \"c\"", 1, "unknown keyword msgstring"),
        ("\"orphan\"", 1, "a continued string needs"),
        ("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\"\n\nmsgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\"", 5, "appears twice"),
    ])
    func aBrokenCatalogIsAnErrorWithItsLine(text: String, line: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed: \(text)")
        } catch let error as CatalogError {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("t.po:\(line): "))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aCountedEntryHasItsEnglishFormsAndOneTranslationPerPluralForm() throws {
        let catalog = try catalog(Self.header + """
            #. Profile screen: the "Trained" line.
            msgctxt "profile.comparisons"
            msgid "{count} comparison"
            msgid_plural "{count} comparisons"
            msgstr[0] "{count} Vergleich"
            msgstr[1] "{count} "
            "Vergleiche"

            msgctxt "start.title"
            msgid "ear training"
            msgstr "Gehörbildung"
            """)
        #expect(catalog.pluralForms == PluralForms(count: 2, rule: "(n != 1)", swiftExpression: "n != 1 ? 1 : 0"))
        #expect(catalog.entries == [
            CatalogEntry(id: "profile.comparisons", english: "{count} comparison", englishPlural: "{count} comparisons",
                         translations: ["{count} Vergleich", "{count} Vergleiche"], line: 7),
            CatalogEntry(id: "start.title", english: "ear training", translation: "Gehörbildung", line: 14),
        ])
        #expect(catalog.entries[0].isCounted && !catalog.entries[1].isCounted)
        #expect(catalog.entries[0].englishForms == ["{count} comparison", "{count} comparisons"])
    }

    /// The template's counted entries have empty forms, as gettext's tools write them.
    @Test func aTemplatesCountedEntryHasEmptyForms() throws {
        let entries = try parse(Self.header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n")
        #expect(entries == [CatalogEntry(id: "a", english: "one", englishPlural: "many", translations: ["", ""], line: 6)])
        #expect(!entries[0].isTranslated)
    }

    @Test func aCatalogWithoutPluralFormsHasNoneAndOneWithoutAHeaderToo() throws {
        #expect(try catalog("msgid \"\"\nmsgstr \"Content-Type: text/plain\\n\"\n").pluralForms == nil)
        #expect(try catalog("msgctxt \"a\"\nmsgid \"b\"\nmsgstr \"c\"").pluralForms == nil)
    }

    @Test(arguments: [
        ("msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"", 1,
         "a is counted (msgid_plural), so the catalog's header needs a Plural-Forms line"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[0] \"x\"", 6,
         "it needs msgstr[0] to msgstr[1], one for each of the 2 forms of the header's Plural-Forms, in order; found msgstr[0]"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\nmsgstr[2] \"z\"", 6,
         "found msgstr[0], msgstr[1], msgstr[2]"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[1] \"y\"", 6, "found msgstr[1]"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr \"x\"", 6, "found msgstr"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"", 6,
         "a: msgstr[0] is for a counted text: add its msgid_plural, or write msgstr"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[1] \"y\"\nmsgstr[0] \"x\"", 10,
         "msgstr[0] must come before msgstr[1]"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[0] \"x\"\nmsgstr \"y\"", 10,
         "msgstr after msgstr[0]: an entry has one msgstr, or for a counted text"),
        (header + "msgctxt \"a\"\nmsgid_plural \"many\"\nmsgid \"one\"", 8, "msgid must come before msgid_plural"),
        (header + "msgctxt \"a\"\nmsgid \"one\"\nmsgid_plural \"many\"\nmsgstr[x] \"y\"", 9, "unknown keyword msgstr[x]"),
        ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : 1);\\n\"", 1,
         "the rule plural=(n%10==1 && n%100!=11 ? 0 : 1) is not one the generator can write yet"),
        ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=3; plural=(n != 1);\\n\"", 1,
         "plural=(n != 1) chooses among 2 forms, but nplurals=3"),
        ("msgid \"\"\nmsgstr \"Plural-Forms: plural=(n != 1);\\n\"", 1, "needs nplurals=N"),
        ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2;\\n\"", 1, "needs plural=RULE"),
        ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2 plural=(n != 1)\\n\"", 1, "the header's Plural-Forms "),
    ])
    func aMalformedCountedEntryOrPluralHeaderIsAnErrorWithItsLine(text: String, line: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed: \(text)")
        } catch let error as CatalogError {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func pluralRulesAreRecognisedWhateverTheirSpacingAndParentheses() {
        #expect(PluralForms.normalized(" ( n != 1 ) ") == "n!=1")
        #expect(PluralForms.normalized("n>1") == "n>1")
        guard case .success(let french) = PluralForms.parse(" nplurals=2; plural=n > 1;") else {
            Issue.record("French rule rejected")
            return
        }
        #expect(french.swiftExpression == "n > 1 ? 1 : 0")
    }

    @Test func idsAreDottedLowercaseWordsAndBecomeCaseNames() {
        #expect(CatalogIdentifier.isValid("comparison.keyHints"))
        #expect(CatalogIdentifier.isValid("warning.configurationProblems.one"))
        #expect(!CatalogIdentifier.isValid("Comparison.keyHints"))
        #expect(!CatalogIdentifier.isValid("comparison..x"))
        #expect(!CatalogIdentifier.isValid("comparison.x-y"))
        #expect(!CatalogIdentifier.isValid(""))
        #expect(CatalogIdentifier.caseName(of: "warning.configurationProblems.one") == "warningConfigurationProblemsOne")
    }
}
