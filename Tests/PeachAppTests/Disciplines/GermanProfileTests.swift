import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachStore
import PeachText
@testable import PeachTrainer
import Testing

/// `peach profile`, `peach export` and the SVG in German, from the same training log as `TodaysMainFixtureTests`:
/// the text speaks German with decimal commas (recorded in Fixtures/german/profile.txt; PEACH_RECORD_SNAPSHOTS=1
/// re-records it and fails once), while the files — JSON, CSV — are byte for byte the English ones, and the SVG's shapes
/// are the English picture's (its panels move down where a longer German line is broken).
@MainActor @Suite struct GermanProfileTests {
    typealias Main = TodaysMainFixtureTests

    static func run(_ language: Language, _ command: (Console) -> Int32) -> (out: String, err: String) {
        let captured = Main.Captured()
        let status = Localization.rendering(in: language) { command(captured.console) }
        #expect(status == 0)
        return (captured.out, captured.err)
    }

    @Test func theJSONAndTheExportDoNotFollowTheLanguage() throws {
        let json = Self.run(.german) { ProfileCommand.run(directory: Main.log, range: Main.range, svgPath: nil, json: true, console: $0) }
        #expect(json.out == (try Main.fixture("LogOfMain/profile.json")))
        let export = Self.run(.german) { ExportCommand.run(directory: Main.log, path: nil, console: $0) }
        #expect(export.out == (try Main.fixture("LogOfMain/export.csv")))
        #expect(export.err.contains("213 Einträge exportiert"))
    }

    @Test func theTextSpeaksGermanAsRecorded() throws {
        let text = Self.run(.german) { ProfileCommand.run(directory: Main.log, range: Main.range, svgPath: nil, console: $0) }.out
        #expect(text.contains("Tonhöhenunterscheidung über C2–C6: "))
        #expect(text.contains("  75-%-Schwelle jetzt: "))
        #expect(text.wholeMatch(of: /(?s).*\d,\d ct \(95 %: \d+,\d–\d+,\d\).*/) != nil, "thresholds with a decimal comma")
        let fixture = Main.fixtures.appendingPathComponent("german/profile.txt")
        if ProcessInfo.processInfo.environment["PEACH_RECORD_SNAPSHOTS"] == "1" {
            try text.write(to: fixture, atomically: true, encoding: .utf8)
            Issue.record("recorded \(fixture.path): review it and commit it")
            return
        }
        #expect(text == (try String(contentsOf: fixture, encoding: .utf8)))
    }

    /// The SVG's labels are German; its shapes (coordinates within each panel, colours) are the English chart's. A German
    /// line too long for the picture is broken where the English one is not, which moves the panels under it down: only
    /// their offsets and the picture's height differ, and every German line fits the picture.
    @Test func theSVGLabelsAreGermanAndItsShapesAreNot() throws {
        func svg(_ language: Language) throws -> String {
            let path = NSTemporaryDirectory() + "peach-de-\(UUID().uuidString).svg"
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = Self.run(language) { ProfileCommand.run(directory: Main.log, range: Main.range, svgPath: path, console: $0) }
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        let german = try svg(.german), english = try svg(.english)
        #expect(german.contains(">Peach — Wahrnehmungsprofil</text>"))
        #expect(german.contains(">Schwelle (Cent, log. Skala)</text>"))
        let shapes = { (text: String) in
            text.split(separator: "\n").filter { !$0.contains("<text") && !$0.hasPrefix("<title>") }.map(Self.unplaced)
        }
        #expect(shapes(german) == shapes(english))
        let texts = { (text: String) in text.split(separator: "\n").filter { $0.contains("<text") } }
        #expect(texts(german).count > texts(english).count, "the three interval lines are broken in German")
        for line in texts(german) {
            guard let match = line.wholeMatch(of: /<text x="70" y="[0-9.]+"(?: font-size="([0-9]+)")?>(.*)<\/text>/) else { continue }
            let size = match.output.1.flatMap { Double($0) } ?? 12
            #expect(SVGText.estimatedWidth(String(match.output.2), fontSize: size) <= SVGText.width, "runs off: \(line)")
        }
    }

    /// A shape's line without what moves with the lines above it: its panel's offset, the picture's height.
    static func unplaced(_ line: Substring) -> String {
        String(line).replacing(/translate\(0,[0-9.]+\)/, with: "translate(0,…)")
            .replacing(/(height="|viewBox="0 0 800 )[0-9.]+/) { $0.output.1 + "…" }
    }
}
