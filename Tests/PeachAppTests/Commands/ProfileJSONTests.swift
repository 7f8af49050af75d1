import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// `peach profile --json`: one object per trained discipline, unknown regions as null, intervals everywhere.
@MainActor @Suite struct ProfileJSONTests {
    static func comparison(note: Int, cents: Double, correct: Bool, interval: Interval = .perfectUnison) -> TrainingRecord {
        .comparison(ComparisonRecord(timestamp: Date(timeIntervalSince1970: 1_800_000_000), referenceNote: MIDINote(note)!,
                                     targetNote: MIDINote(note + interval.semitones)!, intendedCentOffset: Cents(cents),
                                     presentedCentOffset: Cents(cents), answeredHigher: true, isCorrect: correct,
                                     interval: interval))
    }

    static func matching(error: Double) -> TrainingRecord {
        .pitchMatching(PitchMatchingRecord(timestamp: Date(timeIntervalSince1970: 1_800_000_000), referenceNote: MIDINote(60)!,
                                           targetNote: MIDINote(60)!, initialCentOffset: Cents(20), userCentError: Cents(error)))
    }

    func parse(_ records: [TrainingRecord], range: ClosedRange<MIDINote> = MIDINote(48)!...MIDINote(71)!) throws -> [[String: Any]] {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        let json = ProfileDocument(ReportContext(profile: profile, range: range)).json
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require((object as? [String: Any])?["disciplines"] as? [[String: Any]])
    }

    @Test func perDisciplineThresholdsRegionsAndPitchMatchingIntervals() throws {
        var records: [TrainingRecord] = []
        for index in 0..<120 { records.append(Self.comparison(note: 60, cents: [2, 5, 10, 20][index % 4], correct: index % 5 != 0)) }
        records.append(Self.comparison(note: 60, cents: 30, correct: true, interval: .perfectFifth))
        for error in [1.5, 2.5, 3.0, 1.0, 2.0] { records.append(Self.matching(error: error)) }
        let disciplines = try parse(records)
        #expect(disciplines.count == 3, "unison comparison, P5 comparison, unison pitch matching")

        let unison = try #require(disciplines.first { $0["kind"] as? String == "comparison" && $0["interval"] as? String == "P1" })
        #expect(unison["comparisons"] as? Int == 120)
        let threshold = try #require(unison["threshold"] as? [String: Any])
        let median = try #require(threshold["median"] as? Double), lower = try #require(threshold["lower"] as? Double)
        let upper = try #require(threshold["upper"] as? Double)
        #expect(lower < median && median < upper)
        #expect(threshold["trials"] as? Int == 120)
        let regions = try #require(unison["regions"] as? [[String: Any]])
        #expect(regions.count == 4, "C3…B4 in half-octave regions")
        #expect(regions.filter { $0["threshold"] is [String: Any] }.map { $0["name"] as? String } == ["C4–F4"],
                "only the region holding C4 has answers")
        #expect(regions.filter { $0["threshold"] is NSNull }.count == 3, "regions without answers are null, never zero")

        let fifth = try #require(disciplines.first { $0["interval"] as? String == "P5" })
        #expect(fifth["comparisons"] as? Int == 1)

        let matching = try #require(disciplines.first { $0["kind"] as? String == "pitchMatching" })
        #expect(matching["attempts"] as? Int == 5)
        let bias = try #require(matching["bias"] as? [String: Any])
        #expect(abs((bias["value"] as? Double ?? 0) - 2.0) < 1e-9)
        #expect((bias["lower"] as? Double ?? 9) < 2 && (bias["upper"] as? Double ?? 0) > 2)
        #expect(matching["spread"] is [String: Any])
    }

    @Test func anEmptyHistoryIsAnEmptyList() throws {
        #expect(try parse([]).isEmpty)
    }
}

extension ProfileJSONTests {
    @Test func finishedThresholdTestsAreListedWithTheirIntervals() throws {
        let test = ThresholdTestRecord(timestamp: Date(timeIntervalSince1970: 1_800_000_000), noteRange: MIDINote(60)!...MIDINote(72)!,
                                       trials: 60, median: Cents(6.3), lower: Cents(4.9), upper: Cents(8.1), isConclusive: true)
        let profile = PerceptualProfile()
        profile.rebuild(from: [.thresholdTest(test)])
        let json = ProfileDocument(ReportContext(profile: profile, range: MIDINote(60)!...MIDINote(72)!)).json
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let tests = try #require((object as? [String: Any])?["thresholdTests"] as? [[String: Any]])
        #expect(tests.count == 1)
        #expect(tests.first?["lowestNote"] as? Int == 60)
        let threshold = try #require(tests.first?["threshold"] as? [String: Any])
        #expect(threshold["median"] as? Double == 6.3 && threshold["lower"] as? Double == 4.9 && threshold["trials"] as? Int == 60)
        #expect(tests.first?["precision"] == nil, "a test recorded before the precision existed says nothing about it")
    }

    @Test func aTestRunToAPrecisionSaysWhetherItGotThereAndHowItStarted() throws {
        let test = ThresholdTestRecord(timestamp: Date(timeIntervalSince1970: 1_800_000_000), noteRange: MIDINote(60)!...MIDINote(72)!,
                                       trials: 150, median: Cents(6.3), lower: Cents(4.9), upper: Cents(8.1), isConclusive: true,
                                       conduct: ThresholdTestConduct(precision: 2, reachedPrecision: false,
                                                                     startedFromTrainedSlope: true))
        let profile = PerceptualProfile()
        profile.rebuild(from: [.thresholdTest(test)])
        let json = ProfileDocument(ReportContext(profile: profile, range: MIDINote(60)!...MIDINote(72)!)).json
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let entry = try #require(((object as? [String: Any])?["thresholdTests"] as? [[String: Any]])?.first)
        #expect(entry["precision"] as? Double == 2)
        #expect(entry["reachedPrecision"] as? Bool == false)
        #expect(entry["startedFromTrainedSlope"] as? Bool == true)
    }
}
