import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// A training log and an iOS Peach export, with what `peach` printed and wrote for them before the disciplines
/// became one folder each (Fixtures/, made with that build): the registry reads, reports, exports and imports
/// them exactly as before. The SVG only gained panels below the unchanged unison chart. The profile's text and
/// JSON were regenerated once, when the Kazez trend gave way to the trend of the fitted estimates (docs/threshold-estimator.md, "Progress and trend"):
/// `PEACH_DATA_DIR=Tests/PeachAppTests/Fixtures/LogOfMain .build/debug/peach profile [--json]`. The JSON was
/// regenerated again when each pitch entry gained its `pitchBasis` counts: that object is its only change, and every
/// answer of this log, written before records stated a basis, counts as unknown (the text gained no line). The text,
/// JSON and SVG were regenerated (`peach profile --svg FILE`) when every report began to headline the threshold
/// now, followed through time (docs/threshold-estimator.md, "Your hearing now"). The text
/// was regenerated again when a comparison's regions without answers were left out of it (no "unknown" lines), the
/// SVG when a discipline with no firm threshold, and a progress without a firm day, became one line instead of a chart
/// of inconclusive estimates, and the JSON and SVG when the time-following model gained a fast drifting pair (figures
/// moved in their third digit; the text did not change). The JSON was regenerated again when interval comparisons
/// gained the heavy lapse node their training's probes now earn or refute (the fifths' lower bound 2.3 → 1.75 c: this
/// log's fifths were trained without probes; the text and SVG did not change).
@MainActor @Suite struct TodaysMainFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let log = DataDirectory(path: fixtures.appendingPathComponent("LogOfMain").path)
    static let range = MIDINote(36)!...MIDINote(84)!

    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the command under test, on the test's thread.
        var out = "", err = ""
        var console: Console { Console(out: { self.out += $0 }, err: { self.err += $0 }) }
    }

    static func fixture(_ path: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theExportIsByteForByteTheSame() throws {
        let captured = Captured()
        #expect(ExportCommand.run(directory: Self.log, path: nil, console: captured.console) == 0)
        #expect(captured.out == (try Self.fixture("LogOfMain/export.csv")))
        #expect(captured.err.contains("exported 213 records (left out 2 threshold-test results: the CSV format has no row for them"))
    }

    @Test func theProfileTextAndJSONAreTheSame() throws {
        let text = Captured(), json = Captured()
        #expect(ProfileCommand.run(directory: Self.log, range: Self.range, svgPath: nil, console: text.console) == 0)
        #expect(text.out == (try Self.fixture("LogOfMain/profile.txt")))
        #expect(ProfileCommand.run(directory: Self.log, range: Self.range, svgPath: nil, json: true, console: json.console) == 0)
        #expect(json.out == (try Self.fixture("LogOfMain/profile.json")))
        #expect(text.err.isEmpty && json.err.isEmpty, "no warning about any line")
    }

    @Test func theSVGIsTheSame() throws {
        let path = NSTemporaryDirectory() + "peach-fixture-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(ProfileCommand.run(directory: Self.log, range: Self.range, svgPath: path, console: Captured().console) == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (try Self.fixture("LogOfMain/profile.svg")))
    }

    /// The pitch rows import exactly as before; rows of iOS training types that have since become registered
    /// disciplines (the timing disciplines) are imported too instead of skipped, and only those.
    @Test func theIOSExportImportsAsBefore() throws {
        let directory = DataDirectory(path: NSTemporaryDirectory() + "peach-fixture-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let csvPath = Self.fixtures.appendingPathComponent("IOSExport/ios.csv").path
        let rows = try Self.fixture("IOSExport/ios.csv").split(separator: "\n").dropFirst(2)
        let type = { (row: Substring) in String(row.prefix { $0 != "," }) }
        let pitch = ["pitchDiscrimination", "pitchMatching"]
        let newlyRead = Set(rows.map(type)).subtracting(pitch).filter(Disciplines.codecs.csvTrainingTypes.contains)
        let newRows = rows.filter { newlyRead.contains(type($0)) }

        let first = Captured(), second = Captured(), export = Captured()
        #expect(ImportCommand.run(directory: directory, path: csvPath, partial: false, console: first.console) == 0)
        let summary = try Self.fixture("IOSExport/import-summary.txt")
        if newRows.isEmpty {
            #expect(first.out == summary)
        } else {
            #expect(first.out.hasPrefix("Imported \(215 + newRows.count) records; 2 duplicates skipped; "
                                        + "\(3 - newRows.count) row\(3 - newRows.count == 1 ? "" : "s") of other training types skipped"))
        }
        #expect(ImportCommand.run(directory: directory, path: csvPath, partial: false, console: second.console) == 0)
        #expect(second.out.hasPrefix("Imported 0 records; \(217 + newRows.count) duplicates skipped"))
        #expect(ExportCommand.run(directory: directory, path: nil, console: export.console) == 0)
        // The pitch rows export exactly as before; the new rows come back as they went in.
        let exported = export.out.split(separator: "\n")
        let expected = try Self.fixture("IOSExport/export-after-import.csv").split(separator: "\n")
        #expect(exported.filter { !newlyRead.contains(type($0)) } == expected)
        #expect(Set(exported.filter { newlyRead.contains(type($0)) }) == Set(newRows))
        // The log it wrote: the same pitch lines (comments name the registered disciplines' fields).
        let written = try String(contentsOfFile: directory.logPath, encoding: .utf8)
        let records = { (text: String) in
            text.split(separator: "\n").filter { !$0.hasPrefix("#") && ($0.hasPrefix("comparison\t") || $0.hasPrefix("pitchMatching\t")) }
        }
        #expect(records(written) == records(try Self.fixture("IOSExport/log-after-import.log")))
        #expect(written.hasPrefix(LogFormat.headerLine + "\n"))
    }
}
