import PeachCore
import PeachFormats

/// A compare-timing answer as iOS Peach's `rhythmOffsetDetection` row: isCorrect, tempoBPM, offsetMs (signed,
/// negative early). iOS does not export the answer: on import it follows from the offset's sign and correctness.
struct CompareTimingCSVCodec: RecordCSVCodec {
    let trainingType = "rhythmOffsetDetection"

    func encode(_ record: CompareTimingRecord, into row: inout CSVRowWriter) {
        row.set(.isCorrect, record.isCorrect)
        row.set(.tempoBPM, String(record.tempo.rawValue))
        row.set(.offsetMs, record.offset.value)
    }

    func decode(_ row: inout CSVRowReader) -> CompareTimingRecord? {
        let timestamp = row.timestamp()
        let isCorrect = row.boolean(.isCorrect)
        let tempo = TimingFields.tempo(&row)
        let offset = row.number(.offsetMs).map(Milliseconds.init)
        guard let timestamp, let isCorrect, let tempo, let offset else { return nil }
        return CompareTimingRecord(timestamp: timestamp, tempo: tempo, offset: offset,
                                   answeredLate: (offset.value > 0) == isCorrect, isCorrect: isCorrect)
    }

    func duplicateKey(_ record: CompareTimingRecord) -> RecordKey {
        RecordKey(kind: .compareTiming, timestamp: UTCMilliseconds(record.timestamp), identity: [record.tempo.rawValue])
    }
}
