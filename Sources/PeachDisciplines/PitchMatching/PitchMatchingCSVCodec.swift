import PeachCore
import PeachFormats

/// A pitch-matching attempt as iOS Peach's `pitchMatching` row.
struct PitchMatchingCSVCodec: RecordCSVCodec {
    let trainingType = "pitchMatching"

    func encode(_ record: PitchMatchingRecord, into row: inout CSVRowWriter) {
        row.setNotes(reference: record.referenceNote, target: record.targetNote, interval: record.interval,
                     tuningSystem: record.tuningSystem)
        row.set(.initialCentOffset, record.initialCentOffset.value)
        row.set(.userCentError, record.userCentError.value)
    }

    func decode(_ row: inout CSVRowReader) -> PitchMatchingRecord? {
        let timestamp = row.timestamp()
        let reference = row.note(.referenceNote, named: .referenceNoteName)
        let target = row.note(.targetNote, named: .targetNoteName)
        let interval = row.interval()
        let tuning = row.tuningSystem()
        let initial = row.number(.initialCentOffset).map(Cents.init)
        let error = row.number(.userCentError).map(Cents.init)
        guard let timestamp, let reference, let target, let interval, let tuning, let initial, let error else { return nil }
        return PitchMatchingRecord(timestamp: timestamp, referenceNote: reference, targetNote: target,
                                   initialCentOffset: initial, userCentError: error, interval: interval,
                                   tuningSystem: tuning)
    }

    func duplicateKey(_ record: PitchMatchingRecord) -> RecordKey {
        RecordKey(kind: .pitchMatching, timestamp: UTCMilliseconds(record.timestamp),
                  identity: [record.referenceNote.rawValue, record.targetNote.rawValue])
    }
}
