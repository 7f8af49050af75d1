import Foundation
import PeachCore
@testable import PeachDisciplines
import PeachTestSupport
import PeachText
import Testing

/// What `peach profile` says and draws where there is little to say: nothing about regions without answers, no
/// figure where Peach has none (an inconclusive estimate), one line instead of an empty chart.
@MainActor @Suite struct ProfileWordsAndPicturesTests {
    static let range = MIDINote(48)!...MIDINote(72)!

    static func document(_ records: [TrainingRecord]) -> ProfileDocument {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return ProfileDocument(ReportContext(profile: profile, range: range))
    }

    static func english<T>(_ body: () -> T) -> T { Localization.rendering(in: .english, body) }

    @Test func theTextListsOnlyRegionsWithAnswers() {
        let answers = SimulatedHistory.comparisons(days: 1, perDay: 3, seed: 1) { _ in 9 }
        let lines = Self.english { Self.document(answers).lines }
        let regions = lines.drop { !$0.contains("by region") }.dropFirst().prefix { $0.hasPrefix("    ") }
        #expect(Array(regions) == ["    C4–F4     not enough data yet (3 answers)"])
        #expect(!lines.contains { $0.contains("unknown") })
    }

    /// One answer: the SVG says there is no figure yet and draws none (it drew a 1.7 c line in a 0.1–150 c band).
    @Test func anInconclusiveThresholdDrawsNoLineAndNoBand() {
        let svg = Self.english { Self.document(SimulatedHistory.comparisons(days: 1, perDay: 1, seed: 11) { _ in 9 }).svg }
        #expect(svg.contains(">Pitch discrimination — not enough data yet (1 answer)</text>"))
        #expect(!svg.contains(#"class="threshold""#) && !svg.contains(#"class="band""#) && !svg.contains("<circle"))
        #expect(!svg.contains(#"class="axis""#), "no chart frame around nothing")
    }

    /// A discipline whose regions are not firm yet but whose threshold is: a line with that figure.
    @Test func aDisciplineWithoutAChartSaysWhatItKnows() {
        let none = Self.english { ComparisonReport.withoutChart(nil) }
        #expect(none == "no comparisons yet")
        let firm = ThresholdEstimate(median: Cents(9), lower: Cents(7), upper: Cents(12), trials: 200, isConclusive: true)
        #expect(Self.english { ComparisonReport.withoutChart(firm) } == "75 % threshold now 9.0 ct (95 %: 7.0–12.0)")
        let loose = ThresholdEstimate(median: Cents(2), lower: Cents(0.1), upper: Cents(150), trials: 3, isConclusive: false)
        #expect(Self.english { ComparisonReport.withoutChart(loose) } == "not enough data yet (3 answers)")
    }

    /// Compare timing with 21 answers and no tempo range firm yet said "No training yet." under an empty chart: its
    /// points were the firm thresholds only, none, and an empty chart reads as no training.
    @Test func compareTimingWithoutAFirmThresholdSaysHowManyAnswersItHas() {
        let timing = ProfileSnapshotTests.timing(days: 1, perDay: 21, seed: 29, tempo: TempoBPM(60)!)
        let svg = Self.english { Self.document(timing).svg }
        #expect(svg.contains(">Timing discrimination (compare timing) — not enough data yet (21 answers)</text>"))
        #expect(!svg.contains("No training yet."))
        #expect(!svg.contains("60–79 BPM</text>"), "no axis label for a range with nothing drawn")
    }

    @Test func aRangeWithoutAFirmThresholdIsALineUnderTheOthersChart() {
        let timing = ProfileSnapshotTests.timing(days: 1, perDay: 21, seed: 29, tempo: TempoBPM(60)!)
            + ProfileSnapshotTests.timing(days: 2, perDay: 60, seed: 26)
        let svg = Self.english { Self.document(timing).svg }
        #expect(svg.contains(">120–159 BPM</text>"))
        #expect(svg.contains(">60–79 BPM — not enough data yet (21 answers)</text>"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 1 + 2, "one threshold dot, two days of progress")
    }

    /// No empty frames: a discipline without a period to chart says so in one line; without attempts, pitch
    /// matching is one line, not an axis with nothing on it.
    @Test func aDisciplineWithNothingToChartIsOneLine() {
        let svg = Self.english { Self.document([]).svg }
        #expect(svg.contains(">Pitch discrimination — no comparisons yet</text>"))
        #expect(svg.contains(">Pitch matching — no attempts yet</text>"))
        #expect(!svg.contains("<line"), "no axis, no grid")
        let few = Self.english { Self.document(SimulatedHistory.comparisons(days: 2, perDay: 7, seed: 28) { _ in 20 }).svg }
        #expect(few.contains(">Progress over time: not enough answers on any day yet.</text>"))
        #expect(!few.contains(">Progress over time</text>"), "no empty progress chart")
    }

    @Test func theRichPictureChartsEveryDisciplineWithItsProgressAndOnlyThose() {
        let svg = Self.english { Self.document(ProfileSnapshotTests.rich).svg }
        // Unison, P5 equal, P5 just, pitch matching, interval matching, compare timing, fill the gap; not the M3
        // comparison with 14 answers.
        #expect(svg.components(separatedBy: ">Progress over time</text>").count - 1 == 7)
        #expect(svg.contains(">Progress over time: not enough answers on any day yet.</text>"))
        #expect(svg.contains("Threshold tests"))
    }
}
