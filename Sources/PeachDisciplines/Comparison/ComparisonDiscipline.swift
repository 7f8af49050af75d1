import PeachConfig
import PeachCore
import PeachFormats

/// Pitch and interval discrimination: two notes (or an interval), was the second higher or lower (wider or
/// narrower)? Its sessions are the core's `ComparisonSession` with the unison and interval strategies.
public struct ComparisonDiscipline: Discipline {
    public typealias Record = ComparisonRecord

    public init() {}

    public var logCodec: AnyRecordLogCodec { AnyRecordLogCodec(ComparisonLogCodec()) }
    public var csvRows: CSVRows { .rows(ComparisonCSVCodec()) }

    public func record(of outcome: any TrainingOutcome, outputName: String?) -> ComparisonRecord? {
        record(of: outcome, in: RecordContext(outputName: outputName))
    }

    public func record(of outcome: any TrainingOutcome, in context: RecordContext) -> ComparisonRecord? {
        (outcome as? CompletedComparison).map {
            ComparisonRecord($0, outputName: context.outputName,
                             pitchBasis: context.pitchBasis(soundedOnUnmeasuredKey: $0.soundedOnUnmeasuredKey))
        }
    }

    public var settings: [DisciplineSetting] { ComparisonSettings.settings }

    @MainActor public var report: any DisciplineReport { ComparisonReport() }
    @MainActor public var modes: [any TrainingMode] { [ComparisonMode(), IntervalComparisonMode()] }
}
