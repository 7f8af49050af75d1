import PeachCore

/// How one discipline's records are written to and read from the training log (see `LogFormat`): a line
/// starting with `tag`, then the discipline's own fields. Its decoder is the only place that knows them.
public protocol RecordLogCodec: Sendable {
    associatedtype Record: DisciplineRecord
    /// The line's first field, e.g. "comparison". Never reused by another discipline.
    var tag: String { get }
    /// The names of the fields after the tag, for the column comment at the top of a new log.
    var fieldNames: [String] { get }
    func encode(_ record: Record, into line: inout LogLineWriter) throws(LogEncodingError)
    /// Reads the loaded line (field 0 is the tag); throws why it cannot, in words a person can act on.
    func decode(_ fields: LogFields) throws(LogLineError) -> Record
}

/// A log codec of any discipline, as the store holds them.
public struct AnyRecordLogCodec: Sendable {
    public let kind: DisciplineKind
    public let tag: String
    public let fieldNames: [String]
    let tagBytes: [UInt8]
    private let encodeRecord: @Sendable (TrainingRecord) throws(LogEncodingError) -> String?
    private let decodeFields: @Sendable (LogFields) throws(LogLineError) -> TrainingRecord

    public init<Codec: RecordLogCodec>(_ codec: Codec) {
        kind = Codec.Record.kind
        tag = codec.tag
        fieldNames = codec.fieldNames
        tagBytes = Array(codec.tag.utf8)
        encodeRecord = { record throws(LogEncodingError) in
            guard let own = record.as(Codec.Record.self) else { return nil }
            var line = LogLineWriter(tag: codec.tag)
            try codec.encode(own, into: &line)
            return line.line
        }
        decodeFields = { fields throws(LogLineError) in TrainingRecord(try codec.decode(fields)) }
    }

    /// The record's line with its LF; nil when the record is another discipline's.
    public func line(for record: TrainingRecord) throws(LogEncodingError) -> String? { try encodeRecord(record) }

    public func decode(_ fields: LogFields) throws(LogLineError) -> TrainingRecord { try decodeFields(fields) }

    /// "# tag<TAB>field<TAB>…": the column comment for a new log.
    public var columnComment: String { "# " + ([tag] + fieldNames).joined(separator: "\t") }
}
