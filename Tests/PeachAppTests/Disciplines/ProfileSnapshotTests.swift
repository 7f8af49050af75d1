import Foundation
import Testing
import PeachCore
import PeachDisciplines
import PeachTestSupport
import PeachText

/// `peach profile`'s text and its SVG picture (`--svg`), in English and German, for four histories: fresh (no
/// answers), one answer, one discipline only, and a rich one (every discipline, most with progress), byte for byte
/// against Fixtures/ProfileSnapshots/<history>.<language>.txt and .svg. After an intended change, re-record them with
///     PEACH_RECORD_SNAPSHOTS=1 swift test --filter ProfileSnapshotTests
/// (each re-recorded file fails once, saying so), read the diff, and look at the pictures before committing
/// (`rsvg-convert -o rich.png rich.en.svg`).
@MainActor @Suite struct ProfileSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ProfileSnapshots")
    static let range = MIDINote(48)!...MIDINote(72)!

    enum History: String, CaseIterable, Sendable {
        case fresh
        case oneAnswer = "one-answer"
        case oneDiscipline = "one-discipline"
        case rich

        @MainActor var records: [TrainingRecord] {
            switch self {
            case .fresh: []
            case .oneAnswer: SimulatedHistory.comparisons(days: 1, perDay: 1, seed: 11) { _ in 9 }
            case .oneDiscipline: SimulatedHistory.comparisons(days: 5, perDay: 60, seed: 11) { _ in 9 }
            case .rich: ProfileSnapshotTests.rich
            }
        }
    }

    static func document(_ records: [TrainingRecord]) -> ProfileDocument {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return ProfileDocument(ReportContext(profile: profile, range: range))
    }

    /// The text `peach profile` prints.
    static func text(_ document: ProfileDocument) -> String { document.lines.joined(separator: "\n") + "\n" }

    static func check(_ name: String, _ output: String) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["PEACH_RECORD_SNAPSHOTS"] == "1",
           (try? String(contentsOf: url, encoding: .utf8)) != output {
            try output.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name): review the diff and commit it")
            return
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(output == stored, "\(name) differs: re-record with PEACH_RECORD_SNAPSHOTS=1 if the change is intended")
    }

    @Test(arguments: History.allCases, Language.allCases)
    func theTextAndThePictureAreAsRecorded(history: History, language: Language) throws {
        let document = Self.document(history.records)
        let (text, svg) = Localization.rendering(in: language) { (Self.text(document), document.svg) }
        try Self.check("\(history.rawValue).\(language.rawValue).txt", text)
        try Self.check("\(history.rawValue).\(language.rawValue).svg", svg)
    }

    /// Every discipline, most with days of progress; and, as a real history has them, a few barely begun: a major
    /// third with 14 answers, compare timing at 60 BPM with 21, fill the gap at 60 BPM with 3 trials.
    static var rich: [TrainingRecord] {
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth)
        let justFifth = TrainingDiscipline(.comparison, interval: .perfectFifth, tuningSystem: .justIntonation)
        let third = TrainingDiscipline(.comparison, interval: .majorThird)
        return SimulatedHistory.comparisons(days: 8, perDay: 80, seed: 21) { day in 24 * pow(0.8, Double(day)) }
            + SimulatedHistory.comparisons(days: 6, perDay: 50, seed: 22, discipline: fifth) { _ in 12 }
            + SimulatedHistory.comparisons(days: 4, perDay: 40, seed: 23, discipline: justFifth) { _ in 15 }
            + SimulatedHistory.pitchMatches(days: 7, perDay: 25, seed: 24) { day in 10 * pow(0.85, Double(day)) }
            + SimulatedHistory.pitchMatches(days: 5, perDay: 15, seed: 25) { _ in 8 }.map(asFifthMatch)
            + timing(days: 5, perDay: 60, seed: 26) + taps(days: 5, perDay: 20, seed: 27)
            + SimulatedHistory.comparisons(days: 2, perDay: 7, seed: 28, discipline: third) { _ in 20 }
            + timing(days: 1, perDay: 21, seed: 29, tempo: TempoBPM(60)!) + taps(days: 1, perDay: 3, seed: 30, tempo: TempoBPM(60)!)
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

    /// Compare timing (at 120 BPM unless told) from a listener with a 15 ms threshold, offsets placed by a staircase.
    static func timing(days: Int, perDay: Int, seed: UInt64, tempo: TempoBPM = TempoBPM(120)!) -> [TrainingRecord] {
        var random = SeededRandom(seed: seed)
        let listener = SimulatedListener(threshold: Cents(15), slope: 1.5, lapseRate: 0.02)
        var offset = 40.0
        return (0..<days * perDay).map { index in
            let correct = listener.answersCorrectly(Cents(offset), using: &random)
            let late = Bool.random(using: &random)
            let record = CompareTimingRecord(
                timestamp: SimulatedHistory.firstDay.addingTimeInterval(Double(index / perDay) * 86_400 + 20_000 + Double(index % perDay) * 4),
                tempo: tempo, offset: Milliseconds(late ? offset : -offset), answeredLate: late == correct,
                isCorrect: correct)
            offset = min(max(correct ? offset * 0.87 : offset * 1.35, 1), 120)
            return TrainingRecord(record)
        }
    }

    /// Fill the gap (at 90 BPM unless told): trial means around 6 ms early with a spread of 9 ms.
    static func taps(days: Int, perDay: Int, seed: UInt64, tempo: TempoBPM = TempoBPM(90)!) -> [TrainingRecord] {
        SimulatedHistory.pitchMatches(days: days, perDay: perDay, seed: seed) { _ in 9 }.compactMap { record in
            guard let matching = record.as(PitchMatchingRecord.self) else { return nil }
            let mean = Milliseconds(matching.userCentError.value - 8)
            return TrainingRecord(FillTheGapRecord(timestamp: matching.timestamp.addingTimeInterval(30_000), tempo: tempo,
                                                   meanOffset: mean, meanOffsetByPosition: [mean, nil, nil, nil]))
        }
    }
}
