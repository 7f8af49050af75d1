import Foundation
import PeachPresentation
@testable import PeachTerminal
import PeachText
import Testing

/// Every snapshot screen rendered in German (monochrome, 80×24), against `Fixtures/german-screens.txt`. A change
/// to a German text or a screen's layout fails here. To re-record after an intended change, run the tests with
/// PEACH_RECORD_SNAPSHOTS=1 (the test then fails once, saying so), read the new file, and commit it.
@Suite struct GermanScreenTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/german-screens.txt"

    static func transcript() -> String {
        Localization.rendering(in: .german) {
            ScreenSnapshotCases.names.map { name in
                "=== \(name) ===\n" + ScreenRenderingTests.trimmed(ScreenSnapshotCases.render(name, style: ScreenFixtures.mono))
            }.joined(separator: "\n") + "\n"
        }
    }

    @Test func everyScreenRendersInGermanAsRecorded() throws {
        let rendered = Self.transcript()
        if ProcessInfo.processInfo.environment["PEACH_RECORD_SNAPSHOTS"] == "1" {
            try rendered.write(toFile: Self.fixture, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.fixture): review it and commit it")
            return
        }
        let expected = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(renderedLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(rendered == expected, "first difference at line \((firstDifference?.offset ?? min(renderedLines.count, expectedLines.count)) + 1)")
    }

    @Test func germanScreensUseADecimalCommaAndGermanWords() {
        let text = Self.transcript()
        #expect(text.contains("der Unterschied war 12,5 ct"))
        #expect(text.contains("Abweichung +7,3 ct — zu hoch"))
        #expect(text.contains("Tonhöhenvergleich"))
        #expect(!text.contains("12.5 ct"))
    }

    /// The same screens fill the terminal exactly in German too (longer words must not break the frame).
    @Test(arguments: ScreenSnapshotCases.names)
    func everyGermanFrameFillsTheTerminalExactly(name: String) {
        Localization.rendering(in: .german) {
            for size in [TerminalSize.standard, TerminalSize(columns: 60, rows: 16), TerminalSize.minimum] {
                let lines = ScreenSnapshotCases.render(name, style: ScreenFixtures.color, size: size)
                #expect(lines.count == size.rows, "\(name) at \(size)")
                #expect(lines.allSatisfy { TextLayout.visibleWidth($0) == size.columns }, "\(name) at \(size)")
            }
        }
    }
}
