import PeachCore
import PeachFormats

/// Pitch and interval matching: tune a note until it matches the reference (or the interval is in tune); the
/// signed cent error is recorded. Its sessions are the core's `PitchMatchingSession`.
public struct PitchMatchingDiscipline: Discipline {
    public typealias Record = PitchMatchingRecord

    public init() {}

    public var logCodec: AnyRecordLogCodec { AnyRecordLogCodec(PitchMatchingLogCodec()) }
    public var csvRows: CSVRows { .rows(PitchMatchingCSVCodec()) }

    /// A pitch-matching record names no output (its log line never had one).
    public func record(of outcome: any TrainingOutcome, outputName: String?) -> PitchMatchingRecord? {
        record(of: outcome, in: RecordContext(outputName: outputName))
    }

    public func record(of outcome: any TrainingOutcome, in context: RecordContext) -> PitchMatchingRecord? {
        (outcome as? CompletedPitchMatching).map {
            PitchMatchingRecord($0, pitchBasis: context.pitchBasis(soundedOnUnmeasuredKey: $0.soundedOnUnmeasuredKey))
        }
    }

    @MainActor public var report: any DisciplineReport { PitchMatchingReport() }
    @MainActor public var modes: [any TrainingMode] { [PitchMatchingMode(), IntervalMatchingMode()] }

    public var settings: [DisciplineSetting] { PitchMatchingSettings.settings }
}
