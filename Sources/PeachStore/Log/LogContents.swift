import PeachCore
/// The history read from a log, plus everything the user should be told about it.
public struct LogContents: Sendable {
    public var records: [TrainingRecord]
    public var warnings: [LogWarning]

    public init(records: [TrainingRecord] = [], warnings: [LogWarning] = []) {
        self.records = records
        self.warnings = warnings
    }
}
