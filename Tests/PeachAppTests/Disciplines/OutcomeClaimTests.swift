import Foundation
import PeachCore
import PeachDisciplines
import PeachTestSupport
import Testing

/// Each session's outcome claims the discipline whose record it becomes (`TrainingOutcome.recordKind`), and the
/// registry asks that discipline alone: no discipline takes another's outcome because its type happens to match.
@Suite struct OutcomeClaimTests {
    /// An outcome of a discipline nobody registered.
    struct StrayOutcome: TrainingOutcome {
        var timestamp = Date(timeIntervalSince1970: 1_800_000_000)
        var recordKind: DisciplineKind { DisciplineKind("stray", name: "stray") }
    }

    static let comparison = CompletedComparison(comparison: Comparison(referenceNote: MIDINote(60)!, centOffset: Cents(12)),
                                                answeredHigher: true, timestamp: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func aComparisonClaimsComparisonAndBecomesItsRecord() {
        #expect(Self.comparison.recordKind == .comparison)
        let record = Disciplines.record(of: Self.comparison, outputName: "synth")
        #expect(record?.comparisonRecord?.intendedCentOffset == Cents(12))
    }

    @Test func aThresholdTestsResultClaimsItsOwnDiscipline() {
        let result = ThresholdTestResult(timestamp: Date(timeIntervalSince1970: 1_800_000_000), noteRange: MIDINote(60)!...MIDINote(72)!,
                                         trials: 80, median: Cents(6), lower: Cents(4), upper: Cents(9), isConclusive: true)
        #expect(result.recordKind == .thresholdTest)
        #expect(Disciplines.record(of: result, outputName: nil)?.thresholdTestRecord == result)
    }

    @Test func anOutcomeNoRegisteredDisciplineClaimsIsNotRecorded() {
        #expect(Disciplines.record(of: StrayOutcome(), outputName: nil) == nil)
    }
}
