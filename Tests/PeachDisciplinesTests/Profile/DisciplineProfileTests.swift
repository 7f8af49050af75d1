import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Statistics are kept per discipline (mode × interval × tuning system): an interval answer never lands
/// in the unison profile or trend, and each discipline has its own.
@Suite @MainActor struct DisciplineProfileTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func comparison(_ interval: Interval, tuning: TuningSystem = .equalTemperament, cents: Double,
                           seconds: Double = 0) -> TrainingRecord {
        .comparison(ComparisonRecord(timestamp: start + seconds, referenceNote: MIDINote(60)!,
                                     targetNote: MIDINote(60 + interval.semitones)!, intendedCentOffset: Cents(cents),
                                     presentedCentOffset: Cents(cents), answeredHigher: true, isCorrect: true,
                                     interval: interval, tuningSystem: tuning))
    }

    static func matching(_ interval: Interval, error: Double, seconds: Double = 0) -> TrainingRecord {
        .pitchMatching(PitchMatchingRecord(timestamp: start + seconds, referenceNote: MIDINote(60)!,
                                           targetNote: MIDINote(60 + interval.semitones)!, initialCentOffset: Cents(20),
                                           userCentError: Cents(error), interval: interval))
    }

    @Test func anImportedFifthComparisonLeavesTheUnisonProfileAlone() {
        let profile = PerceptualProfile()
        profile.update(with: Self.comparison(.perfectUnison, cents: 10))
        let unison = profile.threshold(for: MIDINote(60)!, in: .unisonComparison)
        profile.update(with: Self.comparison(.perfectFifth, cents: 80))
        #expect(profile.threshold(for: MIDINote(60)!, in: .unisonComparison) == unison)
        #expect(profile.comparisonCount(in: .unisonComparison) == 1)
        let fifth = TrainingDiscipline(.comparison, interval: .perfectFifth)
        #expect(profile.comparisonCount(in: fifth) == 1)
        #expect(profile.threshold(for: MIDINote(60)!, in: fifth).mean == Cents(80))
        #expect(profile.trainedDisciplines == [.unisonComparison, fifth])
    }

    @Test func tuningSystemsAreSeparateExceptForTheUnison() {
        let profile = PerceptualProfile()
        profile.update(with: Self.comparison(.majorThird, tuning: .justIntonation, cents: 12))
        profile.update(with: Self.comparison(.majorThird, tuning: .equalTemperament, cents: 30))
        #expect(profile.comparisonCount(in: TrainingDiscipline(.comparison, interval: .majorThird,
                                                               tuningSystem: .justIntonation)) == 1)
        #expect(TrainingDiscipline(.comparison, interval: .perfectUnison, tuningSystem: .justIntonation) == .unisonComparison,
                "a unison sounds the same in both systems: one discipline")
    }

    @Test func intervalMatchingHasItsOwnStatistics() {
        let profile = PerceptualProfile()
        profile.update(with: Self.matching(.perfectUnison, error: 2))
        profile.update(with: Self.matching(.perfectFourth, error: -9))
        #expect(profile.pitchMatching().count == 1)
        #expect(profile.pitchMatching().meanError == Cents(2))
        #expect(profile.pitchMatching(in: TrainingDiscipline(.pitchMatching, interval: .perfectFourth)).meanError == Cents(-9))
    }
}
