import PeachCore
import PeachFormats
import PeachPresentation
import PeachText

/// Fill the gap: a steady sixteenth-note grid with one silent step per cycle of four; the player taps into it.
/// Sixteen gaps make one trial: the mean signed offset, the hits, the mean per gap position.
public struct FillTheGapDiscipline: Discipline {
    public typealias Record = FillTheGapRecord

    public init() {}

    public var logCodec: AnyRecordLogCodec { AnyRecordLogCodec(FillTheGapLogCodec()) }
    public var csvRows: CSVRows { .rows(FillTheGapCSVCodec()) }

    public func record(of outcome: any TrainingOutcome, outputName: String?) -> FillTheGapRecord? {
        guard let completed = outcome as? CompletedFillTheGap else { return nil }
        return FillTheGapRecord(timestamp: completed.timestamp, tempo: completed.trial.tempo, meanOffset: completed.meanOffset,
                                meanOffsetByPosition: completed.meanOffsetByPosition, hits: completed.hits,
                                gaps: FillTheGapTrial.cycles, kernelStamped: completed.kernelStamped,
                                latencyCorrected: completed.latencyCorrected, outputName: outputName)
    }

    @MainActor public var report: any DisciplineReport { FillTheGapReport() }
    @MainActor public var modes: [any TrainingMode] { [FillTheGapMode(), TapCalibrationMode()] }

    public var settings: [DisciplineSetting] { FillTheGapSettings.settings }

    /// Every calibrated tap source's latency ("computer keyboard +38.2 ms (spread 11.0 ms, 2026-11-27); …").
    @MainActor public func infoEntries(_ context: InfoContext) -> [InfoEntry] {
        TapLatencyText.infoSummary(Array((context.services[TimingLatencies.self]?.taps ?? [:]).values))
            .map { [InfoEntry(label: tr(.infoTapLatency), text: $0)] } ?? []
    }
}
