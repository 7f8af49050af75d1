import PeachCore
import PeachText

/// How one discipline's records are rows of iOS Peach's CSV format 3 (`PeachCSVFormat`): rows of one
/// `trainingType`, with the discipline's own columns, and the key that tells a duplicate on import.
public protocol RecordCSVCodec: Sendable {
    associatedtype Record: DisciplineRecord
    /// The iOS `trainingType` of the rows, e.g. "pitchDiscrimination".
    var trainingType: String { get }
    func encode(_ record: Record, into row: inout CSVRowWriter)
    /// The row's record; nil after noting every problem in `row`.
    func decode(_ row: inout CSVRowReader) -> Record?
    func duplicateKey(_ record: Record) -> RecordKey
}

/// What a discipline says about CSV: its rows, or why format 3 has none for it (then its records are left
/// out of exports, and the reason is said). Explicit, so a discipline cannot forget its CSV rows silently.
public enum CSVRows: Sendable {
    case rows(AnyRecordCSVCodec)
    /// The counted text that says what the records are, for "left out 2 threshold-test results"
    /// (`.exportThresholdTestResults`): in the user's language, in the form the count takes.
    case noRows(records: PluralMessageID)

    public static func rows<Codec: RecordCSVCodec>(_ codec: Codec) -> CSVRows { .rows(AnyRecordCSVCodec(codec)) }
}

/// A CSV codec of any discipline, as the importer and exporter hold them.
public struct AnyRecordCSVCodec: Sendable {
    public let kind: DisciplineKind
    public let trainingType: String
    private let encodeRecord: @Sendable (TrainingRecord) -> String?
    private let decodeRow: @Sendable (inout CSVRowReader) -> TrainingRecord?
    private let key: @Sendable (TrainingRecord) -> RecordKey?

    public init<Codec: RecordCSVCodec>(_ codec: Codec) {
        kind = Codec.Record.kind
        trainingType = codec.trainingType
        encodeRecord = { record in
            guard let own = record.as(Codec.Record.self) else { return nil }
            var row = CSVRowWriter(trainingType: codec.trainingType, timestamp: own.timestamp)
            codec.encode(own, into: &row)
            return row.line
        }
        decodeRow = { reader in codec.decode(&reader).map(TrainingRecord.init) }
        key = { record in record.as(Codec.Record.self).map(codec.duplicateKey) }
    }

    /// The record's row with its line end; nil when the record is another discipline's.
    public func row(for record: TrainingRecord) -> String? { encodeRecord(record) }

    public func decode(_ row: inout CSVRowReader) -> TrainingRecord? { decodeRow(&row) }

    public func duplicateKey(_ record: TrainingRecord) -> RecordKey? { key(record) }
}
