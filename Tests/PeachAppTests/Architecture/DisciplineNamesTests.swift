import Foundation
import Testing

/// A discipline is one folder and one registration line: no type a discipline's folder declares is named by any
/// source file outside that folder (names, not just imports: a front end or the composition root that spelled
/// `ComparisonSession` would tie itself to one discipline even while importing only the registry's module).
/// The registry (Sources/PeachDisciplines/Registry) lists the disciplines, and the benchmarks simulate their
/// procedures (Sources/peach-bench): both are meant to name them. A family (Sources/PeachDisciplines/Families: the
/// comparison sessions, the timing fields) is shared by several disciplines, so its types may be named anywhere in
/// the disciplines' module, and nowhere outside it.
@Suite struct DisciplineNamesTests {
    static let sources = PackageMapTests.repository + "/Sources"
    static let disciplines = sources + "/PeachDisciplines"
    /// Folders allowed to name any discipline's types.
    static let namers = ["PeachDisciplines/Registry/", "peach-bench/"]

    /// The Swift files under `folder`, as paths relative to Sources.
    static func swiftFiles(under folder: String) -> [String] {
        let prefix = String(folder.dropFirst(sources.count + 1))
        return (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.contains("/Generated/") }
            .map { prefix.isEmpty ? $0 : prefix + "/" + $0 }
    }

    /// The types a folder's files declare at the start of a line (`public struct ComparisonSession`, `enum …`).
    static func declaredTypes(in files: [String]) throws -> Set<String> {
        let declaration = /^(?:public |package )?(?:final )?(?:struct|enum|class|protocol|actor) ([A-Z][A-Za-z0-9]+)/
        var names: Set<String> = []
        for file in files {
            for line in try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: declaration) { names.insert(String(match.1)) }
            }
        }
        return names
    }

    /// The identifiers a file's code spells (comments and string literals left out: a doc comment may explain).
    static func identifiers(in file: String) throws -> Set<String> {
        var names: Set<String> = []
        for line in try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n") {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let unquoted = code.replacing(/"(?:\\.|[^"\\])*"/, with: "")
            for match in unquoted.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) { names.insert(String(match.0)) }
        }
        return names
    }

    @Test func noDisciplinesTypeIsNamedOutsideItsFolder() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.disciplines).filter { $0 != "Registry" }.sorted()
        #expect(folders.count >= 6, "the discipline folders: \(folders)")
        let everyFile = Self.swiftFiles(under: Self.sources)
        var named: [String] = []
        for folder in folders {
            let own = Self.swiftFiles(under: Self.disciplines + "/" + folder)
            let types = try Self.declaredTypes(in: own)
            #expect(!types.isEmpty, "\(folder) declares no type")
            let ownPrefix = folder == "Families" ? "PeachDisciplines/" : "PeachDisciplines/\(folder)/"
            for file in everyFile where !file.hasPrefix(ownPrefix) && !Self.namers.contains(where: file.hasPrefix) {
                for name in try Self.identifiers(in: file).intersection(types) { named.append("\(file) names \(folder)'s \(name)") }
            }
        }
        #expect(named.isEmpty, "\(named.sorted().joined(separator: "\n"))")
    }

    /// The check itself can fail: a file of the registry's module outside the folder that named a discipline's type
    /// would be found (the identifiers of a line of code, not of its comment or string).
    @Test func theIdentifiersOfALineAreItsCodes() throws {
        let file = "PeachDisciplines/Registry/Disciplines.swift"
        let names = try Self.identifiers(in: file)
        #expect(!names.isEmpty)
        let types = try Self.declaredTypes(in: Self.swiftFiles(under: Self.disciplines + "/Comparison"))
        #expect(types.contains("ComparisonDiscipline"), "\(types.sorted())")
        #expect(!names.intersection(types).isEmpty, "the registry names the comparison discipline: \(names.intersection(types))")
    }
}
