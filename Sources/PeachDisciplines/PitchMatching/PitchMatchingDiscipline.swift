import PeachCore
import PeachFormats

/// Pitch and interval matching: tune a note until it matches the reference (or the interval is in tune); the
/// signed cent error is recorded. Its sessions are the core's `PitchMatchingSession`.
public struct PitchMatchingDiscipline: Discipline {
    public typealias Record = PitchMatchingRecord

    public init() {}

    public var logCodec: AnyRecordLogCodec { AnyRecordLogCodec(PitchMatchingLogCodec()) }
    public var csvRows: CSVRows { .rows(PitchMatchingCSVCodec()) }

    public func record(of outcome: any TrainingOutcome, outputName: String?) -> PitchMatchingRecord? {
        (outcome as? CompletedPitchMatching).map(PitchMatchingRecord.init)
    }

    @MainActor public var report: any DisciplineReport { PitchMatchingReport() }
    @MainActor public var modes: [any TrainingMode] { [PitchMatchingMode(), IntervalMatchingMode()] }
}
