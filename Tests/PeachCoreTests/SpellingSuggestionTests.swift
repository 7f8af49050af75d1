import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct SpellingSuggestionTests {
    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(SpellingSuggestion.editDistance("", "") == 0)
        #expect(SpellingSuggestion.editDistance("", "abc") == 3)
        #expect(SpellingSuggestion.editDistance("abc", "") == 3)
        #expect(SpellingSuggestion.editDistance("velocty", "velocity") == 1)
        #expect(SpellingSuggestion.editDistance("kitten", "sitting") == 3)
    }

    @Test func suggestsOnlyWithinTwoEditsAndTheClosestFirst() {
        #expect(SpellingSuggestion.closest(to: "--prot", in: ["--port", "--plain"]) == "--port")
        #expect(SpellingSuggestion.closest(to: "profil", in: ["ports", "profile"]) == "profile")
        #expect(SpellingSuggestion.closest(to: "xyzzy", in: ["ports", "profile"]) == nil)
    }
}
