import Foundation
import Testing
import PeachCore
import PeachStore
import PeachDisciplines
import PeachTestSupport

/// The recorder stamps the run's pitch basis on every record that states a presented pitch (comparison, pitch
/// matching), as it stamps the output name, and the store keeps it; other disciplines' records are made as before.
@MainActor @Suite struct TrialRecorderPitchBasisTests {
    final class Collecting: RecordObserver {
        var records: [TrainingRecord] = []
        func recorded(_ record: TrainingRecord) throws { records.append(record) }
    }

    static func comparison(ms: Int64 = 5) -> CompletedComparison {
        CompletedComparison(comparison: Comparison(referenceNote: note(62), centOffset: Cents(-7.5)), answeredHigher: false,
                            timestamp: date(ms: ms), presentedCentOffset: Cents(-7.4))
    }

    static func matching(ms: Int64 = 6) -> CompletedPitchMatching {
        CompletedPitchMatching(challenge: PitchMatchingChallenge(referenceNote: note(50), initialCentOffset: Cents(30)),
                               userCentError: Cents(-2.5), timestamp: date(ms: ms), controllerMode: .keyboard)
    }

    static func basis(of record: TrainingRecord?) -> PitchBasis? {
        record?.comparisonRecord?.pitchBasis ?? record?.pitchMatchingRecord?.pitchBasis
    }

    @Test(arguments: PitchBasis.allCases)
    func everyPitchRecordCarriesTheRunsBasis(_ basis: PitchBasis) throws {
        let observer = Collecting()
        let recorder = TrialRecorder(observers: [observer], outputName: { "Roland JV-1080 (20:0)" }, pitchBasis: { basis })
        try recorder.trialCompleted(Self.comparison())
        try recorder.trialCompleted(Self.matching())
        #expect(observer.records.map(Self.basis) == [basis, basis])
        #expect(observer.records.first?.comparisonRecord?.outputName == "Roland JV-1080 (20:0)")
        #expect(observer.records.first == .comparison(ComparisonRecord(Self.comparison(), outputName: "Roland JV-1080 (20:0)",
                                                                      pitchBasis: basis)))
        #expect(observer.records.last == .pitchMatching(PitchMatchingRecord(Self.matching(), pitchBasis: basis)))
    }

    /// A trial with a note on a key the calibration never measured claims no measured pitch, whatever the run's
    /// basis; the built-in profile claims nothing per key, so its trials stay `builtIn`.
    @Test(arguments: [(PitchBasis.measured, PitchBasis.assumed), (.builtIn, .builtIn), (.assumed, .assumed)])
    func aTrialOnAnUnmeasuredKeyClaimsNoMeasuredPitch(_ run: PitchBasis, _ stated: PitchBasis) throws {
        let observer = Collecting()
        let recorder = TrialRecorder(observers: [observer], pitchBasis: { run })
        var comparison = Self.comparison()
        comparison.soundedOnUnmeasuredKey = true
        var matching = Self.matching()
        matching.soundedOnUnmeasuredKey = true
        try recorder.trialCompleted(comparison)
        try recorder.trialCompleted(matching)
        try recorder.trialCompleted(Self.comparison(ms: 8))
        #expect(observer.records.map(Self.basis) == [stated, stated, run])
    }

    @Test func aRecorderToldNoBasisStatesNone() throws {
        let observer = Collecting()
        let recorder = TrialRecorder(observers: [observer])
        try recorder.trialCompleted(Self.comparison())
        try recorder.trialCompleted(Self.matching())
        #expect(observer.records.count == 2)
        #expect(observer.records.allSatisfy { Self.basis(of: $0) == nil })
    }

    /// A timing trial plays no pitch: its record is the one it always was, with the output name.
    @Test func aTimingTrialIsRecordedAsBefore() throws {
        let observer = Collecting()
        let recorder = TrialRecorder(observers: [observer], outputName: { "Midi Through" }, pitchBasis: { .assumed })
        let completed = CompletedCompareTiming(trial: CompareTimingTrial(tempo: TempoBPM(120)!, offset: Milliseconds(-12.5)),
                                               answeredLate: false, timestamp: date(ms: 7))
        try recorder.trialCompleted(completed)
        #expect(observer.records == [Disciplines.record(of: completed, outputName: "Midi Through")!])
    }

    @Test func theStoreKeepsTheStampedBasis() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        let store = TrainingStore(log: log, outputName: "FLUID Synth (99)")
        let recorder = TrialRecorder(observers: [store], outputName: { store.outputName }, pitchBasis: { .builtIn })
        try recorder.trialCompleted(Self.comparison())
        try recorder.trialCompleted(Self.matching())
        let records = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records
        #expect(records.map(Self.basis) == [.builtIn, .builtIn])
    }
}
