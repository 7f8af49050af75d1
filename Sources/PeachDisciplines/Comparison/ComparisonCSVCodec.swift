import PeachCore
import PeachFormats

/// A comparison as iOS Peach's `pitchDiscrimination` row.
///
/// `centOffset` is the *intended* offset, not the presented one: iOS Peach records the offset its adaptive
/// algorithm chose (its sampler plays it exactly), and that is what its profile and difficulty tracking read
/// back. The presented offset differs only by the synth's resolution and stays in the Linux log; exporting it
/// would make an iOS-side profile drift from the Linux one. iOS does not export the answer: on import it
/// follows from the offset's sign and correctness.
struct ComparisonCSVCodec: RecordCSVCodec {
    let trainingType = "pitchDiscrimination"

    func encode(_ record: ComparisonRecord, into row: inout CSVRowWriter) {
        row.setNotes(reference: record.referenceNote, target: record.targetNote, interval: record.interval,
                     tuningSystem: record.tuningSystem)
        row.set(.centOffset, record.intendedCentOffset.value)
        row.set(.isCorrect, record.isCorrect)
    }

    func decode(_ row: inout CSVRowReader) -> ComparisonRecord? {
        let timestamp = row.timestamp()
        let reference = row.note(.referenceNote, named: .referenceNoteName)
        let target = row.note(.targetNote, named: .targetNoteName)
        let interval = row.interval()
        let tuning = row.tuningSystem()
        let offset = row.number(.centOffset).map(Cents.init)
        let isCorrect = row.boolean(.isCorrect)
        guard let timestamp, let reference, let target, let interval, let tuning, let offset, let isCorrect else {
            return nil
        }
        return ComparisonRecord(timestamp: timestamp, referenceNote: reference, targetNote: target,
                                intendedCentOffset: offset, presentedCentOffset: offset,
                                answeredHigher: (offset.value > 0) == isCorrect, isCorrect: isCorrect,
                                interval: interval, tuningSystem: tuning)
    }

    func duplicateKey(_ record: ComparisonRecord) -> RecordKey {
        RecordKey(kind: .comparison, timestamp: UTCMilliseconds(record.timestamp),
                  identity: [record.referenceNote.rawValue, record.targetNote.rawValue])
    }
}
