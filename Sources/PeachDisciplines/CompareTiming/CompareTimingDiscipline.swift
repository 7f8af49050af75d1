import PeachCore
import PeachFormats

/// Compare timing: four clicks a sixteenth note apart, the fourth early or late by an adaptive offset; answer
/// early or late. Clicks are scheduled ahead on the sequencer's queue (`RhythmPlayer`).
public struct CompareTimingDiscipline: Discipline {
    public typealias Record = CompareTimingRecord

    public init() {}

    public var logCodec: AnyRecordLogCodec { AnyRecordLogCodec(CompareTimingLogCodec()) }
    public var csvRows: CSVRows { .rows(CompareTimingCSVCodec()) }

    public func record(of outcome: any TrainingOutcome, outputName: String?) -> CompareTimingRecord? {
        guard let completed = outcome as? CompletedCompareTiming else { return nil }
        return CompareTimingRecord(timestamp: completed.timestamp, tempo: completed.trial.tempo, offset: completed.trial.offset,
                                   answeredLate: completed.answeredLate, isCorrect: completed.isCorrect, outputName: outputName,
                                   queuePeriod: completed.trial.queuePeriod)
    }

    @MainActor public var report: any DisciplineReport { CompareTimingReport() }
    @MainActor public var modes: [any TrainingMode] { [CompareTimingMode()] }
}
