import Foundation
import Testing
import PeachCore
import PeachSystem
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport
import PeachFormats

/// What import and log messages repeat of bad input, and how a failed import save is worded.
@Suite struct EchoAndSaveFailureTests {
    @Test func longValuesAreCutAndControlCharactersShown() {
        #expect(Echo.quoted("short") == "'short'")
        #expect(Echo.clipped(String(repeating: "a", count: 40)) == String(repeating: "a", count: 40))
        #expect(Echo.clipped(String(repeating: "a", count: 2_000_000)) == String(repeating: "a", count: 40) + "…")
        #expect(Echo.clipped("bad\u{1B}[2Jcell\r\n") == "bad␛[2Jcell␍␊")
    }

    @Test func everyRowProblemEchoesAtMostFortyCharactersOfTheCell() throws {
        let huge = String(repeating: "z", count: 100_000)
        let cells = [huge, huge, huge, huge, huge, huge, huge, huge, huge, huge] + Array(repeating: "", count: 9)
        let text = PeachCSVFormat.metadataLine + "\n" + PeachCSVFormat.columns.joined(separator: ",") + "\n"
            + "pitchDiscrimination," + cells.dropFirst().joined(separator: ",") + "\n"
            + cells.joined(separator: ",") + "\n"
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(text)
        #expect(parsed.invalid.count >= 2)
        for problem in parsed.invalid {
            #expect(problem.description.count < 200, "\(problem.description.prefix(300))")
        }
        #expect(parsed.invalid.contains { $0.description.contains("'" + String(repeating: "z", count: 40) + "…'") })
    }

    @Test func aLongFirstLineIsCut() {
        let error = #expect(throws: CSVImportError.self) { try CSVImporter(codecs: Disciplines.codecs).parse(String(repeating: "x", count: 10_000) + "\n") }
        #expect(error?.description.contains("(line 1 is '" + String(repeating: "x", count: 40) + "…')") == true)
    }

    @Test func aDiskFullImportSaysWhatWasSavedThatNothingIsLostAndWhatToDo() {
        let error = CSVImportError.saveFailed(.saveFailed(SystemError("writing to", "/d/training.log", code: ENOSPC)),
                                              saved: 4000, total: 30000)
        let text = error.description
        #expect(!text.contains("training result"))
        #expect(text.hasPrefix("Import stopped: writing to /d/training.log failed: No space left on device."))
        #expect(text.contains("Saved: 4000 of the 30000 new records"))
        #expect(text.contains("Not saved: the other 26000. Nothing is lost"))
        #expect(text.contains("free some space. Then run the same import again: the 4000 records already saved are recognised as duplicates"))
    }
}
