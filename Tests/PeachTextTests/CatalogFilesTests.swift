import Foundation
import Testing
@testable import PeachCatalog

/// The repository's own catalogs: readable, German complete, and the Swift the binary is built from
/// generated from exactly these files (run scripts/catalog after editing po/).
@Suite struct CatalogFilesTests {
    static let files = CatalogFiles(repository: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path)

    @Test func theGermanCatalogIsComplete() throws {
        let problems = CatalogCheck.problems(template: try Self.files.template(), translation: try Self.files.german(),
                                             language: "German")
        #expect(problems == [])
    }

    @Test func theGeneratedSourceIsUpToDate() throws {
        let committed = try String(contentsOfFile: Self.files.generatedSourcePath, encoding: .utf8)
        #expect(committed == (try Self.files.generatedSource()), "po/ changed: run scripts/catalog")
    }
}
