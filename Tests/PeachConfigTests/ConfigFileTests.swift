import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachSystem
import Testing

@Suite struct ConfigFileTests {
    static let repositoryConfig = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/peach.conf")

    @Test func repositoryConfigParsesWithoutWarningsToTheDefaults() throws {
        let text = try String(contentsOf: Self.repositoryConfig, encoding: .utf8)
        let configuration = ConfigLoader.parse(text: text, file: "config/peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        #expect(configuration == .defaults)
        #expect(Disciplines.trainingSettings(from: configuration) == .defaults)
    }

    @Test func repositoryConfigSetsEveryKeyOnceWithADocComment() throws {
        let document = ConfigDocument(text: try String(contentsOf: Self.repositoryConfig, encoding: .utf8))
        for key in Disciplines.schema.keys {
            let entries = document.lines.filter { $0.section == key.section && $0.kind.isEntry(named: key.name) }
            #expect(entries.count == 1, "\(key) must appear exactly once")
            guard let entry = entries.first else { continue }
            let above = document.lines[entry.number - 2]
            #expect(above.kind == .comment, "\(key) needs a comment above it")
        }
    }

    /// After a schema change: PEACH_RECORD_SNAPSHOTS=1 swift test --filter repositoryConfigIsTheGeneratedTemplate
    /// writes the template (the test then fails once, saying so); read the new file and commit it.
    @Test func repositoryConfigIsTheGeneratedTemplate() throws {
        if ProcessInfo.processInfo.environment["PEACH_RECORD_SNAPSHOTS"] == "1" {
            try ConfigTemplate.text.write(to: Self.repositoryConfig, atomically: true, encoding: .utf8)
            Issue.record("config/peach.conf rewritten from ConfigTemplate.text: read it, commit it, run again without recording")
            return
        }
        let text = try String(contentsOf: Self.repositoryConfig, encoding: .utf8)
        #expect(text == ConfigTemplate.text, "config/peach.conf drifted from ConfigSchema: regenerate it (PEACH_RECORD_SNAPSHOTS=1)")
    }

    @Test func everyDefaultIsAnAllowedValue() {
        for key in Disciplines.schema.keys {
            #expect(key.kind.parse(key.defaultValue.description) == key.defaultValue, "\(key)")
        }
        #expect(Set(Disciplines.schema.keys.map(\.id)).count == Disciplines.schema.keys.count)
    }

    @Test func pathResolution() {
        #expect(ConfigPathResolver.resolve(commandLinePath: "/x/p.conf", environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/x/p.conf")
        #expect(ConfigPathResolver.resolve(commandLinePath: nil, environment: ["XDG_CONFIG_HOME": "/c/", "HOME": "/h"]) == "/c/peach/peach.conf")
        #expect(ConfigPathResolver.resolve(commandLinePath: nil, environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/peach/peach.conf")
        #expect(ConfigPathResolver.resolve(commandLinePath: nil, environment: ["HOME": "/h"]) == "/h/.config/peach/peach.conf")
        #expect(ConfigPathResolver.resolve(commandLinePath: nil, environment: [:]) == nil)
    }

    @Test func fileStampNoticesChanges() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-stamp-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("peach.conf").path
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = ConfigFileStamp.read(path: path)
        #expect(missing == .missing)
        try ConfigWriter.save([.init(ConfigSchema.velocity, .integer(70))], to: path)
        let first = ConfigFileStamp.read(path: path)
        #expect(first.exists)
        #expect(ConfigFileStamp.hasChanged(from: missing, to: first))
        #expect(!ConfigFileStamp.hasChanged(from: first, to: ConfigFileStamp.read(path: path)))
        try ConfigWriter.save([.init(ConfigSchema.velocity, .integer(100))], to: path)
        #expect(ConfigFileStamp.hasChanged(from: first, to: ConfigFileStamp.read(path: path)))
        #expect(Disciplines.trainingSettings(from: ConfigLoader.load(path: path, schema: Disciplines.schema)).velocity == MIDIVelocity(100))
        let pureOld = ConfigFileStamp(exists: true, modificationTime: Date(timeIntervalSince1970: 5), size: 10)
        #expect(ConfigFileStamp.hasChanged(from: pureOld, to: .init(exists: true, modificationTime: Date(timeIntervalSince1970: 5), size: 11)))
        #expect(ConfigFileStamp.hasChanged(from: pureOld, to: .init(exists: true, modificationTime: Date(timeIntervalSince1970: 6), size: 10)))
    }
}

extension ConfigDocument.LineKind {
    func isEntry(named name: String) -> Bool {
        if case .entry(let key, _) = self { key == name } else { false }
    }
}

/// `--config` naming something that is not a configuration file: Peach runs with the defaults and says why.
@Suite struct ConfigSpecialFileTests {
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "peach-conf-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func warning(loading path: String) -> String? {
        let configuration = ConfigLoader.load(path: path, schema: Disciplines.schema)
        #expect(Disciplines.trainingSettings(from: configuration) == Disciplines.trainingSettings(from: .defaults), "defaults for \(path)")
        return configuration.diagnostics.map(\.description).first
    }

    @Test func aDirectoryIsNamedADirectory() throws {
        #expect(warning(loading: "/etc") == "/etc: warning: it is a directory, not a file; using the defaults")
    }

    @Test func devNullAndAnEmptyFileAreJustNoSettings() throws {
        #expect(warning(loading: "/dev/null") == nil)
        let empty = try temporaryDirectory() + "/empty.conf"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(warning(loading: empty) == nil)
    }

    @Test func aFIFONobodyWritesToIsNotARegularFileAndDoesNotHang() throws {
        let fifo = try temporaryDirectory() + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(warning(loading: fifo)?.contains("it is not a regular file but a FIFO (named pipe)") == true)
    }

    @Test func devZeroStopsAtTheSizeCap() throws {
        #expect(warning(loading: "/dev/zero")?.contains("it is not a regular file but a character device, and it gave more than 1 MB") == true)
    }

    @Test func savingSettingsNeverReplacesADeviceOrADirectory() throws {
        #expect(throws: UserFileError.specialFile(path: "/dev/null", kind: .characterDevice)) {
            try ConfigWriter.save([ConfigWriter.Change(ConfigSchema.bell, .boolean(false))], to: "/dev/null")
        }
        let directory = try temporaryDirectory()
        #expect(throws: UserFileError.isDirectory(path: directory)) {
            try ConfigWriter.save([ConfigWriter.Change(ConfigSchema.bell, .boolean(false))], to: directory)
        }
    }

    @Test func aHugeValueOrKeyIsEchoedShort() {
        let huge = String(repeating: "9", count: 2_000_000)
        let configuration = ConfigLoader.parse(text: "[training]\nvelocity = \(huge)\n\(huge)x = 1\n\(huge)\n", file: "p.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.count == 3)
        for diagnostic in configuration.diagnostics {
            #expect(diagnostic.description.count < 1000, "\(diagnostic.description.prefix(500))")
            #expect(diagnostic.description.contains(String(repeating: "9", count: 40) + "…"))
        }
    }

    /// 100 mutated copies of the documented configuration (characters replaced, lines cut or doubled,
    /// a 10 kB value inserted): parsing never fails and no diagnostic floods the terminal.
    @Test func mutatedConfigurationsAreReportedBriefly() throws {
        var state: UInt64 = 0xC0FF
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let valid = Array(ConfigTemplate.text)
        for round in 0..<100 {
            var characters = valid
            for _ in 0...(next() % 4) {
                let at = next() % characters.count
                switch next() % 4 {
                case 0: characters[at] = ["=", "[", "]", "\"", "#", "\n", "x", "\u{1B}"][next() % 8]
                case 1: characters.removeSubrange(at..<min(characters.count, at + next() % 80))
                case 2: characters.insert(contentsOf: repeatElement("9", count: 10_000), at: at)
                default: characters.insert(contentsOf: characters[at..<min(characters.count, at + 120)], at: at)
                }
            }
            let configuration = ConfigLoader.parse(text: String(characters), file: "mutated.conf", schema: Disciplines.schema)
            for diagnostic in configuration.diagnostics {
                #expect(diagnostic.description.count < 1_000, "round \(round): \(diagnostic.description.prefix(200))")
                #expect(!diagnostic.description.contains("\u{1B}"), "round \(round): escape sequences are shown, not sent")
            }
        }
    }
}
