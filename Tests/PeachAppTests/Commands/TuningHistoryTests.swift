import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachFormats
import PeachStore
import PeachTestSupport
import Testing

/// A history with intervals in three tunings (12-TET, a named tuning, a user's .scl) keeps them apart everywhere:
/// the log, Peach's own CSV export and import (nothing lost; the user is told which rows iOS Peach will not read)
/// and `peach profile` as text, JSON and SVG.
@Suite struct TuningHistoryTests {
    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the command under test, on the test's thread.
        var out = "", err = ""
        var console: Console { Console(out: { self.out += $0 }, err: { self.err += $0 }) }
    }

    /// A fresh data directory inside a fresh temporary one (for the CSV and SVG files beside it).
    static func directory() throws -> (data: DataDirectory, root: String) {
        let root = try BuiltPeach.temporaryDirectory("peach-tunings-history")
        return (DataDirectory(path: root + "/data"), root)
    }

    /// Eight answers of a P5 comparison and two M3 matches in each tuning.
    static func csv() -> String {
        var lines = ["# peach-export-format:3", PeachCSVFormat.columns.joined(separator: ",")]
        for (index, tuning) in ["equalTemperament", "meantone-quarter-comma", "scl:my-19"].enumerated() {
            for answer in 0..<8 {
                let time = String(format: "2026-03-0%dT14:%02d:00Z", index + 1, answer)
                lines.append("pitchDiscrimination,\(time),60,C4,67,G4,P5,\(tuning),\(answer % 2 == 0 ? "" : "-")12.5,\(answer % 3 != 0),,,,,,,,,")
            }
            for match in 0..<2 {
                let time = String(format: "2026-03-0%dT15:%02d:00Z", index + 1, match)
                lines.append("pitchMatching,\(time),60,C4,64,E4,M3,\(tuning),,,20.0,\(match == 0 ? "3.5" : "-2.0"),,,,,,,")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func threeTuningsRoundTripThroughTheLogAndTheCSVWithNothingLost() throws {
        let (first, root) = try Self.directory()
        let source = root + "/in.csv"
        try Self.csv().write(toFile: source, atomically: true, encoding: .utf8)
        #expect(ImportCommand.run(directory: first, path: source, partial: false, console: Captured().console) == 0)
        let logged = try TrainingLog.read(first, codecs: Disciplines.codecs).records
        #expect(logged.count == 30)
        #expect(Set(logged.map(\.discipline.tuningSystem.rawValue)) == ["equalTemperament", "meantone-quarter-comma", "scl:my-19"])
        #expect(Set(logged.map(\.discipline)).count == 6)

        let exported = root + "/out.csv"
        let export = Captured()
        #expect(ExportCommand.run(directory: first, path: exported, console: export.console) == 0)
        #expect(export.err.contains("20 rows are in tunings iOS Peach does not know (meantone-quarter-comma, scl:my-19)"), "\(export.err)")

        let second = try Self.directory().data
        #expect(ImportCommand.run(directory: second, path: exported, partial: false, console: Captured().console) == 0)
        let again = try TrainingLog.read(second, codecs: Disciplines.codecs).records
        #expect(again.map(\.discipline) == logged.map(\.discipline))
        #expect(again.map { try? Disciplines.codecs.logLine(for: $0) } == logged.map { try? Disciplines.codecs.logLine(for: $0) })
    }

    @Test @MainActor func theProfileShowsEachTuningApart() throws {
        let (directory, root) = try Self.directory()
        let source = root + "/in.csv"
        try Self.csv().write(toFile: source, atomically: true, encoding: .utf8)
        #expect(ImportCommand.run(directory: directory, path: source, partial: false, console: Captured().console) == 0)
        let range = TrainingSettings.defaults.noteRange
        let text = Captured()
        #expect(ProfileCommand.run(directory: directory, range: range, svgPath: nil, json: false, console: text.console) == 0)
        for name in ["equal temperament", "Quarter-comma meantone", "my-19.scl"] {
            #expect(text.out.contains("P5 comparison, \(name)"), "\(name): \(text.out)")
            #expect(text.out.contains("M3 pitch matching, \(name)"), "\(name)")
        }
        let json = Captured()
        #expect(ProfileCommand.run(directory: directory, range: range, svgPath: nil, json: true, console: json.console) == 0)
        for spelling in ["equalTemperament", "meantone-quarter-comma", "scl:my-19"] {
            #expect(json.out.contains("\"tuningSystem\" : \"\(spelling)\""), "\(spelling)")
        }
        let svgPath = root + "/profile.svg"
        #expect(ProfileCommand.run(directory: directory, range: range, svgPath: svgPath, json: false, console: Captured().console) == 0)
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.contains("Quarter-comma meantone") && svg.contains("my-19.scl"))
    }
}
