import PeachCore
import PeachDisciplines

// Shorthands the tests of every target share: records of the registered disciplines as `TrainingRecord`s,
// and feeding the profile the way the recorder does.

extension TrainingRecord {
    public static func comparison(_ record: ComparisonRecord) -> TrainingRecord { TrainingRecord(record) }
    public static func pitchMatching(_ record: PitchMatchingRecord) -> TrainingRecord { TrainingRecord(record) }
    public static func thresholdTest(_ record: ThresholdTestRecord) -> TrainingRecord { TrainingRecord(record) }

    public var comparisonRecord: ComparisonRecord? { self.as(ComparisonRecord.self) }
    public var pitchMatchingRecord: PitchMatchingRecord? { self.as(PitchMatchingRecord.self) }
    public var thresholdTestRecord: ThresholdTestRecord? { self.as(ThresholdTestRecord.self) }
}

extension PerceptualProfile {
    /// A correct answer at `centDifference` on `note`.
    public func update(note: MIDINote, centDifference: Cents, in discipline: TrainingDiscipline = .unisonComparison) {
        update(with: .comparison(ComparisonRecord(
            timestamp: .now, referenceNote: note, targetNote: note, intendedCentOffset: centDifference,
            presentedCentOffset: centDifference, answeredHigher: centDifference.value > 0, isCorrect: true,
            interval: discipline.interval, tuningSystem: discipline.tuningSystem)))
    }

    /// A finished trial, as the recorder makes it a record.
    public func update(with trial: any CompletedTrial) {
        if let record = Disciplines.record(of: trial, outputName: nil) { update(with: record) }
    }
}
