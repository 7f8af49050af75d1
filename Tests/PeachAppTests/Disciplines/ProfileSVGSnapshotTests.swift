import Foundation
import Testing
import PeachCore
import PeachDisciplines
import PeachTestSupport

/// The whole SVG picture for three histories (fresh, one discipline, rich: every discipline with progress), byte
/// for byte against Fixtures/ProfileSVG/*.svg. After an intended change to the picture, regenerate them with
///     PEACH_WRITE_SNAPSHOTS=1 swift test --filter ProfileSVGSnapshotTests
/// and look at them as pictures before committing (`rsvg-convert -o rich.png rich.svg`).
@MainActor @Suite struct ProfileSVGSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ProfileSVG")
    static let range = MIDINote(48)!...MIDINote(72)!

    static func svg(_ records: [TrainingRecord]) -> String {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return ProfileDocument(ReportContext(profile: profile, range: range)).svg
    }

    static func check(_ name: String, _ records: [TrainingRecord]) throws {
        let url = directory.appendingPathComponent(name + ".svg")
        let svg = Self.svg(records)
        if ProcessInfo.processInfo.environment["PEACH_WRITE_SNAPSHOTS"] == "1" {
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(svg == stored, "\(name).svg differs: regenerate with PEACH_WRITE_SNAPSHOTS=1 if the change is intended")
    }

    @Test func aFreshHistory() throws {
        try Self.check("fresh", [])
    }

    @Test func oneDiscipline() throws {
        try Self.check("one-discipline", SimulatedHistory.comparisons(days: 5, perDay: 60, seed: 11) { _ in 9 })
    }

    @Test func aRichHistory() throws {
        try Self.check("rich", Self.rich)
    }

    @Test func theRichPictureChartsEveryDisciplineWithItsProgress() {
        let svg = Self.svg(Self.rich)
        // Unison, P5 equal, P5 just, pitch matching, interval matching, compare timing, fill the gap.
        #expect(svg.components(separatedBy: "Progress over time").count - 1 == 7)
        #expect(svg.contains("Threshold tests"))
    }

    static var rich: [TrainingRecord] {
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth)
        let justFifth = TrainingDiscipline(.comparison, interval: .perfectFifth, tuningSystem: .justIntonation)
        return SimulatedHistory.comparisons(days: 8, perDay: 80, seed: 21) { day in 24 * pow(0.8, Double(day)) }
            + SimulatedHistory.comparisons(days: 6, perDay: 50, seed: 22, discipline: fifth) { _ in 12 }
            + SimulatedHistory.comparisons(days: 4, perDay: 40, seed: 23, discipline: justFifth) { _ in 15 }
            + SimulatedHistory.pitchMatches(days: 7, perDay: 25, seed: 24) { day in 10 * pow(0.85, Double(day)) }
            + SimulatedHistory.pitchMatches(days: 5, perDay: 15, seed: 25) { _ in 8 }.map(asFifthMatch)
            + timing(days: 5, perDay: 60, seed: 26) + taps(days: 5, perDay: 20, seed: 27)
            + [TrainingRecord(ThresholdTestRecord(timestamp: SimulatedHistory.firstDay.addingTimeInterval(3 * 86_400 + 9_000),
                                                  noteRange: MIDINote(48)!...MIDINote(72)!, trials: 60, median: Cents(9.1),
                                                  lower: Cents(6.2), upper: Cents(13.4), isConclusive: true))]
    }

    static func asFifthMatch(_ record: TrainingRecord) -> TrainingRecord {
        guard let matching = record.as(PitchMatchingRecord.self) else { return record }
        return TrainingRecord(PitchMatchingRecord(timestamp: matching.timestamp, referenceNote: matching.referenceNote,
                                                  targetNote: MIDINote(67)!, initialCentOffset: matching.initialCentOffset,
                                                  userCentError: matching.userCentError, interval: .perfectFifth))
    }

    /// Compare timing at 120 BPM from a listener with a 15 ms threshold, offsets placed by a staircase.
    static func timing(days: Int, perDay: Int, seed: UInt64) -> [TrainingRecord] {
        var random = SeededRandom(seed: seed)
        let listener = SimulatedListener(threshold: Cents(15), slope: 1.5, lapseRate: 0.02)
        var offset = 40.0
        return (0..<days * perDay).map { index in
            let correct = listener.answersCorrectly(Cents(offset), using: &random)
            let late = Bool.random(using: &random)
            let record = CompareTimingRecord(
                timestamp: SimulatedHistory.firstDay.addingTimeInterval(Double(index / perDay) * 86_400 + 20_000 + Double(index % perDay) * 4),
                tempo: TempoBPM(120)!, offset: Milliseconds(late ? offset : -offset), answeredLate: late == correct,
                isCorrect: correct)
            offset = min(max(correct ? offset * 0.87 : offset * 1.35, 1), 120)
            return TrainingRecord(record)
        }
    }

    /// Fill the gap at 90 BPM: trial means around 6 ms early with a spread of 9 ms.
    static func taps(days: Int, perDay: Int, seed: UInt64) -> [TrainingRecord] {
        SimulatedHistory.pitchMatches(days: days, perDay: perDay, seed: seed) { _ in 9 }.compactMap { record in
            guard let matching = record.as(PitchMatchingRecord.self) else { return nil }
            let mean = Milliseconds(matching.userCentError.value - 8)
            return TrainingRecord(FillTheGapRecord(timestamp: matching.timestamp.addingTimeInterval(30_000), tempo: TempoBPM(90)!,
                                                   meanOffset: mean, meanOffsetByPosition: [mean, nil, nil, nil]))
        }
    }
}
