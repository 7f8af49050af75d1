import PeachCore

/// What makes two records the same for import: training type, timestamp (to the millisecond, the
/// log's precision) and notes. Answers and offsets are deliberately not compared, so a row exported
/// from Peach and imported again is recognised even if a value was rounded on the way.
struct RecordKey: Hashable {
    let kind: UInt8
    let timestamp: UTCMilliseconds
    let referenceNote: MIDINote
    let targetNote: MIDINote

    init(_ record: TrainingRecord) {
        switch record {
        case .comparison(let r):
            self.init(kind: 0, timestamp: UTCMilliseconds(r.timestamp), referenceNote: r.referenceNote, targetNote: r.targetNote)
        case .pitchMatching(let r):
            self.init(kind: 1, timestamp: UTCMilliseconds(r.timestamp), referenceNote: r.referenceNote, targetNote: r.targetNote)
        case .thresholdTest(let r):
            self.init(kind: 2, timestamp: UTCMilliseconds(r.timestamp), referenceNote: r.noteRange.lowerBound,
                      targetNote: r.noteRange.upperBound)
        }
    }

    private init(kind: UInt8, timestamp: UTCMilliseconds, referenceNote: MIDINote, targetNote: MIDINote) {
        self.kind = kind
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
    }
}
