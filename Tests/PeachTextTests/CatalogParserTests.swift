@testable import PeachCatalog
import Testing

@Suite struct CatalogParserTests {
    private func parse(_ text: String) throws -> [CatalogEntry] { try CatalogParser.parse(text, file: "t.po") }

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
