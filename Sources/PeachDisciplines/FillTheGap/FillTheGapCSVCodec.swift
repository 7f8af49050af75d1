import PeachCore
import PeachFormats

/// A fill-the-gap trial as iOS Peach's `continuousRhythmMatching` row: tempoBPM, meanOffsetMs and the mean per
/// gap position (empty when nothing was hit there). Hits, tap stamps and output are Linux log fields only.
struct FillTheGapCSVCodec: RecordCSVCodec {
    let trainingType = "continuousRhythmMatching"
    private static let positionColumns: [PeachCSVFormat.Column] = [.meanOffsetMsPosition0, .meanOffsetMsPosition1,
                                                                    .meanOffsetMsPosition2, .meanOffsetMsPosition3]

    func encode(_ record: FillTheGapRecord, into row: inout CSVRowWriter) {
        row.set(.tempoBPM, String(record.tempo.rawValue))
        if let mean = record.meanOffset { row.set(.meanOffsetMs, mean.value) }
        for (column, value) in zip(Self.positionColumns, record.meanOffsetByPosition) {
            if let value { row.set(column, value.value) }
        }
    }

    func decode(_ row: inout CSVRowReader) -> FillTheGapRecord? {
        let timestamp = row.timestamp()
        let tempo = TimingFields.tempo(&row)
        func optional(_ column: PeachCSVFormat.Column) -> Milliseconds?? {
            if row.cell(column).trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
            return row.number(column).map { .some(Milliseconds($0)) } ?? nil
        }
        let mean = optional(.meanOffsetMs)
        let positions = Self.positionColumns.map(optional)
        guard let timestamp, let tempo, let mean, positions.allSatisfy({ $0 != nil }) else { return nil }
        return FillTheGapRecord(timestamp: timestamp, tempo: tempo, meanOffset: mean,
                                meanOffsetByPosition: positions.map { $0 ?? nil })
    }

    func duplicateKey(_ record: FillTheGapRecord) -> RecordKey {
        RecordKey(kind: .fillTheGap, timestamp: UTCMilliseconds(record.timestamp), identity: [record.tempo.rawValue])
    }
}
