import Foundation
import Testing

/// The map in Package.swift stays true: every module a source target imports is one it declares, so an arrow
/// that points the wrong way (a discipline importing the terminal, the core importing ALSA) cannot creep in
/// through a transitive build, and the folders that promise to name no discipline do not.
@Suite struct PackageMapTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    /// What every target may import without declaring it.
    static let system: Set<String> = ["Foundation", "Glibc", "Dispatch", "Observation", "Synchronization", "Testing"]

    /// Each `.target` / `.executableTarget` of Package.swift (with its default Sources/<name> path) and its
    /// declared dependencies.
    static func declaredTargets() throws -> [String: Set<String>] {
        let manifest = try String(contentsOfFile: repository + "/Package.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?(, path:)?"#)
        var targets: [String: Set<String>] = [:]
        let range = NSRange(manifest.startIndex..., in: manifest)
        for match in pattern.matches(in: manifest, range: range) where match.range(at: 3).location == NSNotFound {
            let name = String(manifest[Range(match.range(at: 1), in: manifest)!])
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            targets[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }
                .filter { !$0.isEmpty })
        }
        return targets
    }

    /// Every module imported by a Swift file under `folder`.
    static func imports(under folder: String) throws -> Set<String> {
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var modules: Set<String> = []
        for file in files {
            // Imports stand at the start of a line (a help text's "peach import FILE" does not).
            for line in try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
            where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                if let module = line.split(separator: " ").last { modules.insert(String(module)) }
            }
        }
        return modules
    }

    @Test func everySourceTargetDeclaresWhatItImports() throws {
        let targets = try Self.declaredTargets()
        #expect(targets.count >= 15, "Package.swift read: \(targets.keys.sorted())")
        for (name, declared) in targets {
            let undeclared = try Self.imports(under: Self.repository + "/Sources/" + name)
                .subtracting(declared).subtracting(Self.system)
            #expect(undeclared.isEmpty, "\(name) imports \(undeclared.sorted()) without declaring it")
        }
    }

    @Test func theDisciplinesNeverImportTheTerminalAndTheCoreImportsNoAdapter() throws {
        let targets = try Self.declaredTargets()
        #expect(targets["PeachDisciplines"]?.contains("PeachTerminal") == false)
        #expect(targets["PeachPresentation"]?.contains("PeachTerminal") == false)
        #expect(targets["PeachCore"] == ["PeachText"])
    }

    /// The disciplines and the screen models are pure: nothing they link, however indirectly, reaches the file
    /// layer (the configuration's schema and parsing are `PeachConfig`; reading and writing the file is
    /// `PeachConfigFiles`).
    @Test func theDisciplinesAndTheScreenModelsDoNotLinkTheFileLayer() throws {
        let targets = try Self.declaredTargets()
        for pure in ["PeachDisciplines", "PeachPresentation", "PeachConfig", "PeachCore"] {
            var linked: Set<String> = [], pending = [pure]
            while let next = pending.popLast() {
                for dependency in targets[next] ?? [] where linked.insert(dependency).inserted { pending.append(dependency) }
            }
            #expect(!linked.isEmpty || pure == "PeachCore" || targets[pure] == nil, "\(pure) read from Package.swift")
            #expect(linked.isDisjoint(with: ["PeachSystem", "PeachConfigFiles", "PeachStore"]), "\(pure) links \(linked.sorted())")
        }
    }

    /// Process, signal, terminal-mode and poll calls are made raw only in the system layer (and the ALSA adapter's
    /// own poll on its sequencer thread), so each has one wrapper and one readable error.
    @Test func rawSystemCallsLiveInTheSystemLayer() throws {
        let raw = try NSRegularExpression(
            pattern: #"(?<![.\w])(posix_spawn\w*|kill|poll|tcsetattr|tcgetattr|sigaction|waitpid|isatty|ioctl|socketpair|pthread_sigmask|raise|signal)\((?!\))|(Glibc\.signal)\("#)
        let sources = Self.repository + "/Sources"
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100)
        for file in files where !file.hasPrefix("PeachSystem/") && !file.hasPrefix("peach-bench/") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let code = String(line)
                let calls = raw.matches(in: code, range: NSRange(code.startIndex..., in: code)).map { match in
                    [1, 2].compactMap { Range(match.range(at: $0), in: code) }.map { String(code[$0]) }.joined()
                }
                let allowed = file.hasPrefix("PeachALSA/") ? ["poll"] : []
                #expect(calls.allSatisfy(allowed.contains), "\(file) calls \(calls) raw: use PeachSystem's wrapper")
            }
        }
    }

    /// The tests mirror the libraries: the pure core's tests exercise it alone, as a discipline would see it.
    @Test func theCoresTestsImportNoDiscipline() throws {
        let modules = try Self.imports(under: Self.repository + "/Tests/PeachCoreTests")
        #expect(!modules.isEmpty)
        #expect(!modules.contains("PeachDisciplines"), "PeachCoreTests imports \(modules.sorted())")
    }
}
