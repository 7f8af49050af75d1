import PeachCore
import PeachFormats
import PeachText

/// A finished threshold test's log line:
///
///     thresholdTest<TAB>timestamp<TAB>lowestNote<TAB>highestNote<TAB>trials<TAB>medianCents<TAB>lowerCents<TAB>upperCents<TAB>conclusive|inconclusive<TAB>precision<TAB>reached|notReached<TAB>trainedSlope|cold
///     thresholdTest	2026-03-03T14:40:10.500Z	36	84	87	6.3	4.9	8.1	conclusive	2.5	reached	trainedSlope
///
/// Lines written before the test stopped at a precision end after the verdict (9 fields): they still read, with
/// the conduct unknown (nil), and such a record is written back in that same short layout.
struct ThresholdTestLogCodec: RecordLogCodec {
    let tag = "thresholdTest"
    let fieldNames = ["timestamp", "lowestNote", "highestNote", "trials", "medianCents", "lowerCents", "upperCents",
                      "conclusive|inconclusive", "precision", "reached|notReached", "trainedSlope|cold"]
    /// The layout before the precision, the outcome and the start were stored.
    private static let shortFieldCount = 8

    private static let conclusive = LogWord("conclusive"), inconclusive = LogWord("inconclusive")
    private static let reached = LogWord("reached"), notReached = LogWord("notReached")
    private static let trainedSlope = LogWord("trainedSlope"), cold = LogWord("cold")

    func encode(_ record: ThresholdTestRecord, into line: inout LogLineWriter) throws(LogEncodingError) {
        try line.add(record.timestamp)
        line.add(record.noteRange.lowerBound)
        line.add(record.noteRange.upperBound)
        line.add(record.trials)
        try line.add(record.median.value, "median")
        try line.add(record.lower.value, "lower bound")
        try line.add(record.upper.value, "upper bound")
        line.add(record.isConclusive ? Self.conclusive.text : Self.inconclusive.text)
        guard let conduct = record.conduct else { return }
        try line.add(conduct.precision, "precision")
        line.add(conduct.reachedPrecision ? Self.reached.text : Self.notReached.text)
        line.add(conduct.startedFromTrainedSlope ? Self.trainedSlope.text : Self.cold.text)
    }

    func decode(_ fields: LogFields) throws(LogLineError) -> ThresholdTestRecord {
        if fields.count != 1 + Self.shortFieldCount { try fields.expectCount(1 + fieldNames.count, tag) }
        let lowest = try fields.note(2), highest = try fields.note(3)
        guard lowest <= highest else {
            throw LogLineError(tr(.logLineNoteOrder, ["lowest": "\(lowest.rawValue)", "highest": "\(highest.rawValue)"]))
        }
        guard let trials = fields.integer(4), trials >= 1 else {
            throw LogLineError(tr(.logLineTrials, ["value": Echo.quoted(fields.text(4))]))
        }
        let isConclusive = try fields.choice(8, "verdict", yes: Self.conclusive, no: Self.inconclusive)
        return ThresholdTestRecord(
            timestamp: try fields.timestamp(1), noteRange: lowest...highest, trials: trials,
            median: Cents(try fields.number(5, "median cents")), lower: Cents(try fields.number(6, "lower cents")),
            upper: Cents(try fields.number(7, "upper cents")), isConclusive: isConclusive,
            conduct: fields.count == 1 + Self.shortFieldCount ? nil : try conduct(fields))
    }

    private func conduct(_ fields: LogFields) throws(LogLineError) -> ThresholdTestConduct {
        let precision = try fields.number(9, "precision")
        guard precision > 1 else {
            throw LogLineError(tr(.logLinePrecision, ["value": Echo.quoted(fields.text(9))]))
        }
        return ThresholdTestConduct(
            precision: precision,
            reachedPrecision: try fields.choice(10, "precision outcome", yes: Self.reached, no: Self.notReached),
            startedFromTrainedSlope: try fields.choice(11, "start", yes: Self.trainedSlope, no: Self.cold))
    }
}
