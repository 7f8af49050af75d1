import PeachCore
import PeachFormats

/// The threshold test: comparisons placed for information until the result, stored as one record. Its trials
/// are ordinary comparison records; iOS Peach's CSV has no row for the result, so exports leave it out.
public struct ThresholdTestDiscipline: Discipline {
    public typealias Record = ThresholdTestRecord

    public init() {}

    public var logCodec: AnyRecordLogCodec { AnyRecordLogCodec(ThresholdTestLogCodec()) }
    public var csvRows: CSVRows { .noRows(records: .exportThresholdTestResults) }

    public func record(of outcome: any TrainingOutcome, outputName: String?) -> ThresholdTestRecord? {
        outcome as? ThresholdTestResult
    }

    @MainActor public var report: any DisciplineReport { ThresholdTestReport() }
    @MainActor public var modes: [any TrainingMode] { [ThresholdTestMode()] }

    public var settings: [DisciplineSetting] { ThresholdTestSettings.settings }
}
