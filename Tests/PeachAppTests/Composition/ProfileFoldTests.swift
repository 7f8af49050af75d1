import Foundation
import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTestSupport
import Testing

/// The fold that runs beside the log's read at launch must give exactly the profile an inline rebuild gives:
/// the same report, to the last digit, for any number of records (none, part of a batch, many batches).
@MainActor @Suite struct ProfileFoldTests {
    static func mixedHistory(comparisonDays: Int) -> [TrainingRecord] {
        let comparisons = SimulatedHistory.comparisons(days: comparisonDays, perDay: 300, seed: 3) { day in 20 - Double(day) }
        let intervals = SimulatedHistory.comparisons(days: 2, perDay: 150, seed: 4, discipline: TrainingDiscipline(.comparison, interval: .perfectFifth)) { _ in 12 }
        let matches = SimulatedHistory.pitchMatches(days: 3, perDay: 40, seed: 5) { _ in 6 }
        return (comparisons + intervals + matches).sorted { $0.timestamp < $1.timestamp }
    }

    func report(_ profile: PerceptualProfile) -> String {
        ProfileDocument(ReportContext(profile: profile, range: MIDINote(36)!...MIDINote(84)!)).json
    }

    /// The same records folded beside (as at launch) and rebuilt inline.
    func foldedAndRebuilt(_ records: [TrainingRecord]) -> (folded: PerceptualProfile, rebuilt: PerceptualProfile) {
        let fold = ProfileFold()
        records.forEach(fold.add)
        let folded = PerceptualProfile()
        folded.replace(with: fold.finish())
        let rebuilt = PerceptualProfile()
        rebuilt.rebuild(from: records)
        return (folded, rebuilt)
    }

    @Test(arguments: [0, 1, 2047, 2048, 2049])
    func aFoldOfFewRecordsEqualsTheRebuild(count: Int) {
        let (folded, rebuilt) = foldedAndRebuilt(Array(Self.mixedHistory(comparisonDays: 10).prefix(count)))
        #expect(folded.trainedDisciplines == rebuilt.trainedDisciplines)
        #expect(report(folded) == report(rebuilt))
    }

    @Test func aFoldOfManyBatchesInSeveralDisciplinesEqualsTheRebuild() {
        let records = Self.mixedHistory(comparisonDays: 40)
        #expect(records.count > 5 * 2048)
        let (folded, rebuilt) = foldedAndRebuilt(records)
        #expect(folded.trainedDisciplines.count == 3)
        #expect(folded.count(in: .unisonComparison) == 12_000)
        #expect(report(folded) == report(rebuilt))
    }
}
