import PeachCore
import PeachFormats
import PeachText

/// A compare-timing answer's log line:
///
///     compareTiming<TAB>timestamp<TAB>tempoBPM<TAB>offsetMs<TAB>early|late<TAB>correct|wrong<TAB>output<TAB>queuePeriodMs
///     compareTiming	2026-03-03T14:35:00.000Z	120	-12.5	early	correct	FLUID Synth (1234)	1
///
/// `queuePeriodMs`, the queue's wake-up period the clicks were played on, is empty where it is not known; lines of an
/// older Peach end before it and read as before.
struct CompareTimingLogCodec: RecordLogCodec {
    let tag = "compareTiming"
    let fieldNames = ["timestamp", "tempoBPM", "offsetMs", "early|late", "correct|wrong", "output", "queuePeriodMs"]
    /// The fields of a line written before the queue period was recorded.
    private static let shortFieldCount = 6

    private static let late = LogWord("late"), early = LogWord("early")
    private static let correct = LogWord("correct"), wrong = LogWord("wrong")

    func encode(_ record: CompareTimingRecord, into line: inout LogLineWriter) throws(LogEncodingError) {
        try line.add(record.timestamp)
        line.add(record.tempo.rawValue)
        try line.add(record.offset.value, "timing offset")
        line.add(record.answeredLate ? Self.late.text : Self.early.text)
        line.add(record.isCorrect ? Self.correct.text : Self.wrong.text)
        line.add(text: record.outputName ?? "")
        if let period = record.queuePeriod { try line.add(period.value, "queue period") } else { line.add(text: "") }
    }

    func decode(_ fields: LogFields) throws(LogLineError) -> CompareTimingRecord {
        if fields.count != 1 + Self.shortFieldCount { try fields.expectCount(1 + fieldNames.count, tag) }
        let answeredLate = try fields.choice(4, "answer", yes: Self.late, no: Self.early)
        let isCorrect = try fields.choice(5, "result", yes: Self.correct, no: Self.wrong)
        return CompareTimingRecord(timestamp: try fields.timestamp(1), tempo: try TimingFields.tempo(fields, 2),
                                   offset: Milliseconds(try fields.number(3, "offset ms")),
                                   answeredLate: answeredLate, isCorrect: isCorrect, outputName: fields.optionalText(6),
                                   queuePeriod: fields.count == 1 + Self.shortFieldCount || fields.isEmpty(7)
                                       ? nil : Milliseconds(try fields.number(7, "queue period ms")))
    }
}
