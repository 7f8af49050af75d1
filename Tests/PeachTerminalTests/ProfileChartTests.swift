import Foundation
import FoundationXML
import PeachCore
import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct ProfileChartTests {
    typealias F = ScreenFixtures

    @Test func terminalChartSnapshot() {
        let model = ProfileChartModel(points: [
            ProfileChartPoint(note: F.note("C4"), threshold: Cents(50), band: Cents(max(50 - (20), 0))...Cents(50 + 20)),
            ProfileChartPoint(note: F.note("C#4"), threshold: Cents(10), band: Cents(max(10 - (2), 0))...Cents(10 + 2)),
            ProfileChartPoint(note: F.note("D4"), threshold: nil),
            ProfileChartPoint(note: F.note("D#4"), threshold: Cents(2)),
        ])
        let lines = TerminalProfileChart.render(model, width: 20, height: 8, style: F.mono)
        #expect(lines == [
            "100 ct┤░░░          ",
            "      │●●●          ",
            " 10 ct┤   ●●●       ",
            "      │   ░░░       ",
            "      │         ●●● ",
            "  1 ct┤      ···    ",
            "      └┴─────────── ",
            "       C4           ",
        ])
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) == 20 })
    }

    @Test func chartPlacesLowerThresholdsLower() {
        let model = ProfileChartModel(points: [
            ProfileChartPoint(note: F.note("C4"), threshold: Cents(80)),
            ProfileChartPoint(note: F.note("C#4"), threshold: Cents(2)),
        ])
        let lines = TerminalProfileChart.render(model, width: 12, height: 12, style: F.mono)
        // 12 columns: 7 for the label and axis, then two notes of two columns each.
        let rowOfFirst = lines.firstIndex { Array($0)[7] == "●" }
        let rowOfSecond = lines.firstIndex { Array($0)[9] == "●" }
        #expect(rowOfFirst != nil && rowOfSecond != nil)
        #expect(rowOfFirst! < rowOfSecond!)
    }

    @Test func manyNotesShareColumnsInNarrowCharts() {
        let model = ProfileChartModel.empty(range: F.note("A0")...F.note("C8"))
        let lines = TerminalProfileChart.render(model, width: 40, height: 6, style: F.mono)
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) == 40 })
        #expect(lines.last!.contains("C1") && lines.last!.contains("C4"))
    }

    @Test func scaleSnapsToDecades() {
        let scale = ThresholdScale(fitting: F.profile())
        #expect(scale.lowerCents == 1)
        #expect(scale.upperCents == 100)
        #expect(scale.decadeTicks == [1, 10, 100])
        #expect(scale.fraction(10) == 0.5)
        #expect(ThresholdScale(fitting: ProfileChartModel(points: [ProfileChartPoint(note: F.note("C4"), threshold: Cents(0.3))])).lowerCents == 0.1)
    }

    @Test func compactPreviewShowsBlocksAndUntrainedDots() {
        let model = ProfileChartModel(points: [
            ProfileChartPoint(note: F.note("C4"), threshold: Cents(1)),
            ProfileChartPoint(note: F.note("C#4"), threshold: nil),
            ProfileChartPoint(note: F.note("D4"), threshold: Cents(100)),
        ])
        let lines = CompactProfilePreview.render(model, width: 20, style: F.mono)
        #expect(lines[0] == "▁·█")
        #expect(lines[1] == "C4 D4")
    }

    @Test func svgIsWellFormedXMLWithAxesBandAndLine() throws {
        let svg = ProfileSVG.render(F.profile(), title: "Ann's <profile> & more")
        let root = try XMLDocument(xmlString: svg).rootElement()
        #expect(root?.name == "svg")
        #expect(svg.contains(#"<svg xmlns="http://www.w3.org/2000/svg""#))
        let texts = try root?.nodes(forXPath: "//*[local-name()='text']").compactMap { $0.stringValue } ?? []
        #expect(texts.contains("Ann's <profile> & more"))
        #expect(texts.contains("C3") && texts.contains("C4") && texts.contains("C5"))
        #expect(texts.contains("1 ct") && texts.contains("10 ct") && texts.contains("100 ct"))
        #expect(texts.contains { $0.contains("75 % threshold now 21.4 ct (95 %: 15.2–30.1)") && $0.contains("95 % interval") })
        // Two runs of trained notes (the untrained pair splits them): two bands, two lines.
        #expect(try root?.nodes(forXPath: "//*[local-name()='polygon']").count == 2)
        #expect(try root?.nodes(forXPath: "//*[local-name()='polyline']").count == 2)
        #expect(try root?.nodes(forXPath: "//*[local-name()='circle']").count == 23)
        #expect(svg.contains("&lt;profile&gt; &amp; more"))
    }

    @Test func svgOfAnEmptyProfileIsStillValid() throws {
        let svg = ProfileSVG.render(.empty(range: F.note("C2")...F.note("C6")))
        let root = try XMLDocument(xmlString: svg).rootElement()
        #expect(try root?.nodes(forXPath: "//*[local-name()='polyline']").count == 0)
        #expect(svg.contains("No training yet."))
    }

    @Test func xmlEscaping() {
        #expect(ProfileSVG.escape(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&apos;")
    }
}
