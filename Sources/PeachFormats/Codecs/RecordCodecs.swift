import PeachCore

/// Every registered discipline's codecs, as the store, the importer and the exporter dispatch through them.
/// Built once from the discipline registry; the formats know no discipline by name.
public struct RecordCodecs: Sendable {
    public let log: [AnyRecordLogCodec]
    /// Per discipline kind: its CSV rows, or why it has none.
    private let csvByKind: [DisciplineKind: CSVRows]
    private let logByKind: [DisciplineKind: AnyRecordLogCodec]
    private let csvByType: [String: AnyRecordCSVCodec]

    public init(_ disciplines: [(log: AnyRecordLogCodec, csv: CSVRows)]) {
        log = disciplines.map(\.log)
        logByKind = Dictionary(disciplines.map { ($0.log.kind, $0.log) }, uniquingKeysWith: { first, _ in first })
        csvByKind = Dictionary(disciplines.map { ($0.log.kind, $0.csv) }, uniquingKeysWith: { first, _ in first })
        var byType: [String: AnyRecordCSVCodec] = [:]
        for case .rows(let codec) in disciplines.map(\.csv) { byType[codec.trainingType] = byType[codec.trainingType] ?? codec }
        csvByType = byType
    }

    public func logCodec(for kind: DisciplineKind) -> AnyRecordLogCodec? { logByKind[kind] }

    /// The codec whose tag is field 0 of the loaded line; nil for a tag no registered discipline knows.
    public func logCodec(forTagOf fields: LogFields) -> AnyRecordLogCodec? {
        log.first { fields.equals(0, $0.tagBytes) }
    }

    public func csvRows(for kind: DisciplineKind) -> CSVRows? { csvByKind[kind] }

    public func csvCodec(forTrainingType type: String) -> AnyRecordCSVCodec? { csvByType[type] }

    /// The `trainingType`s a registered discipline reads, in registration order.
    public var csvTrainingTypes: [String] {
        log.compactMap { codec in
            if case .rows(let rows) = csvByKind[codec.kind] { rows.trainingType } else { nil }
        }
    }

    /// The record's log line (with its LF).
    public func logLine(for record: TrainingRecord) throws(LogEncodingError) -> String {
        guard let codec = logByKind[record.kind], let line = try codec.line(for: record) else {
            throw .unregistered(kind: record.kind.rawValue)
        }
        return line
    }
}
