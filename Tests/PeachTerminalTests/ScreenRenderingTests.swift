import PeachConfig
import PeachCore
@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import PeachText
import Testing

@Suite struct ScreenRenderingTests {
    typealias F = ScreenFixtures

    static func trimmed(_ lines: [String]) -> String {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// In English, as `LC_ALL=C` renders: byte for byte the frames from before the screens were translated.
    @Test(arguments: ScreenSnapshotCases.names)
    func monochromeFrameMatchesSnapshot(name: String) throws {
        let lines = Localization.rendering(in: .english) { ScreenSnapshotCases.render(name, style: F.mono) }
        let expected = try #require(ScreenSnapshots.expected[name])
        #expect(Self.trimmed(lines) == expected)
    }

    @Test(arguments: ScreenSnapshotCases.names)
    func everyFrameFillsTheTerminalExactly(name: String) {
        for size in [TerminalSize.standard, TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 60, rows: 16), TerminalSize.minimum] {
            for style in [F.mono, F.color] {
                let lines = ScreenSnapshotCases.render(name, style: style, size: size)
                #expect(lines.count == size.rows, "\(name) at \(size)")
                #expect(lines.allSatisfy { TextLayout.visibleWidth($0) == size.columns }, "\(name) at \(size)")
            }
        }
    }

    @Test(arguments: ScreenSnapshotCases.names)
    func colourFrameIsTheMonochromeFramePlusStylesOnly(name: String) {
        let colour = ScreenSnapshotCases.render(name, style: F.color)
        let mono = ScreenSnapshotCases.render(name, style: F.mono)
        #expect(colour.map(TextLayout.stripEscapes) == mono)
        #expect(colour.contains { $0.contains(ANSI.csi) }, "colour mode should style something")
        #expect(!mono.contains { $0.contains("\u{1B}") }, "monochrome must not emit escape sequences")
    }

    @Test func colourMarksRightAndWrongAndTheSelection() {
        let correct = ScreenSnapshotCases.render("comparison-correct", style: F.color).joined()
        #expect(correct.contains(ANSI.style([1, 32]) + "✓ Correct"))
        let wrong = ScreenSnapshotCases.render("comparison-wrong", style: F.color).joined()
        #expect(wrong.contains(ANSI.style([1, 31]) + "✗ Wrong"))
        #expect(wrong.contains(ANSI.style([1, 33]) + "! Synth lost"))
        let start = ScreenSnapshotCases.render("start", style: F.color).joined()
        #expect(start.contains(ANSI.style([7]) + " 1  Start comparison training "))
    }

    @Test func answerButtonsAreEnabledOnlyWhenAnswersAreAllowed() {
        let allowed = ComparisonScreen.render(.init(phase: .playingNote2, canAnswer: true), size: F.size, style: F.mono).joined()
        let blocked = ComparisonScreen.render(.init(phase: .playingNote2, canAnswer: false), size: F.size, style: F.mono).joined()
        #expect(allowed.contains("[ ↑ Higher ]") && allowed.contains("[ ↓ Lower ]"))
        #expect(!blocked.contains("[") && blocked.contains("↑ Higher"))
    }

    @Test func tuningShowsNoNumberAboutTheTarget() {
        for moving in [false, true] {
            let lines = PitchMatchingScreen.render(.init(phase: .tuning, knobMoving: moving), size: F.size, style: F.mono)
            // Only the header count and the session line may contain digits; the tuning area has none.
            let tuningArea = lines[2..<7].joined()
            #expect(!tuningArea.contains { $0.isNumber }, "\(tuningArea)")
            #expect(!tuningArea.contains("ct"))
        }
    }

    @Test func pitchMatchingResultDirection() {
        #expect(PitchMatchingScreen.direction(Cents(3)) == "sharp (too high)")
        #expect(PitchMatchingScreen.direction(Cents(-3)) == "flat (too low)")
        #expect(PitchMatchingScreen.direction(Cents(0.04)) == "spot on")
        #expect(ScreenFormat.signedCents(Cents(7.34)) == "+7.3 ct")
        #expect(ScreenFormat.signedCents(Cents(-0.01)) == "0.0 ct")
    }

    @Test func tooSmallTerminalShowsAMessageInsteadOfAGarbledScreen() {
        let size = TerminalSize(columns: 30, rows: 8)
        let lines = StartScreen.render(F.start(), size: size, style: F.color)
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) == 30 })
        #expect(Self.trimmed(lines).hasPrefix("Peach needs at least 40×12 —\nthis terminal is 30×8. Enlarge"))
    }

    @Test func settingsKeepTheSelectedRowVisibleWhenScrolling() {
        let last = Disciplines.schema.settingsScreenKeys.count - 1
        let model = SettingsScreenModel(configuration: .defaults, keys: Disciplines.schema.settingsScreenKeys, selectedIndex: last)
        let lines = SettingsScreen.render(model, size: F.size, style: F.mono)
        #expect(lines.contains { $0.hasPrefix("  > [ui] Bell on wrong answer") })
        #expect(lines[0].contains("\(last + 1)/\(last + 1)"))
    }

    @Test func frameIsOneWriteWithoutATrailingNewline() {
        let frame = FrameRenderer.frame(["ab", "cd"])
        #expect(frame == "\u{1B}[Hab\u{1B}[K\r\ncd\u{1B}[K\u{1B}[J")
    }

    @Test func countdownRoundsUpAndPercentages() {
        #expect(ScreenFormat.countdown(.seconds(299.2)) == "05:00")
        #expect(ScreenFormat.countdown(.seconds(59)) == "00:59")
        #expect(ScreenFormat.countdown(.seconds(-3)) == "00:00")
        #expect(ScreenFormat.percent(nil) == "—")
        #expect(ScreenFormat.percent(0.755) == "76 %")
    }

    @Test func startMenuWrapsAround() {
        let menu = StartMenu(titles: F.menuTitles)
        #expect(menu.moved(by: -1).selectedIndex == 4)
        #expect(menu.moved(by: -1).moved(by: 1).selectedIndex == 0)
        #expect(StartMenu(titles: F.menuTitles, selectedIndex: 9).selectedIndex == 0, "an index past the end starts over")
    }
}
