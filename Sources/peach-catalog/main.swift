import Foundation
import PeachCatalog

// Regenerates Sources/PeachText/Generated/Catalog.swift from po/peach.pot and po/de.po (run by scripts/catalog,
// from the repository's root) and lists what the German catalog lacks. Exit 1 when a catalog cannot be read.
// Foundation's FileManager rather than the file layer (PeachSystem): PeachSystem depends on PeachText, whose catalog
// this tool regenerates, and a catalog that no longer compiles must not stop the tool that repairs it.
let files = CatalogFiles(repository: FileManager.default.currentDirectoryPath)
do {
    let template = try files.template()
    let german = try files.german()
    let source = CatalogSourceWriter.source(template: template, german: german)
    try source.write(toFile: files.generatedSourcePath, atomically: true, encoding: .utf8)
    let problems = CatalogCheck.problems(template: template.entries, translation: german.entries, language: "German")
    problems.forEach { print("po/de.po: \($0)") }
    print("\(template.entries.count) messages; \(problems.isEmpty ? "German complete" : "\(problems.count) German problems (above)")")
} catch {
    FileHandle.standardError.write(Data("peach-catalog: \(error)\n".utf8))
    exit(1)
}
