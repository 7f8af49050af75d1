import PeachCore
import PeachFormats

/// A finished threshold test's log line:
///
///     thresholdTest<TAB>timestamp<TAB>lowestNote<TAB>highestNote<TAB>trials<TAB>medianCents<TAB>lowerCents<TAB>upperCents<TAB>conclusive|inconclusive
///     thresholdTest	2026-03-03T14:40:10.500Z	36	84	60	6.3	4.9	8.1	conclusive
struct ThresholdTestLogCodec: RecordLogCodec {
    let tag = "thresholdTest"
    let fieldNames = ["timestamp", "lowestNote", "highestNote", "trials", "medianCents", "lowerCents", "upperCents",
                      "conclusive|inconclusive"]

    private static let conclusive = LogWord("conclusive"), inconclusive = LogWord("inconclusive")

    func encode(_ record: ThresholdTestRecord, into line: inout LogLineWriter) throws(LogEncodingError) {
        try line.add(record.timestamp)
        line.add(record.noteRange.lowerBound)
        line.add(record.noteRange.upperBound)
        line.add(record.trials)
        try line.add(record.median.value, "median")
        try line.add(record.lower.value, "lower bound")
        try line.add(record.upper.value, "upper bound")
        line.add(record.isConclusive ? Self.conclusive.text : Self.inconclusive.text)
    }

    func decode(_ fields: LogFields) throws(LogLineError) -> ThresholdTestRecord {
        try fields.expectCount(1 + fieldNames.count, tag)
        let lowest = try fields.note(2), highest = try fields.note(3)
        guard lowest <= highest else {
            throw LogLineError("lowest note (field 3) \(lowest.rawValue) is above highest note (field 4) \(highest.rawValue)")
        }
        guard let trials = fields.integer(4), trials >= 1 else {
            throw LogLineError("trials (field 5) must be a positive whole number, not \(Echo.quoted(fields.text(4)))")
        }
        let isConclusive = try fields.choice(8, "verdict", yes: Self.conclusive, no: Self.inconclusive)
        return ThresholdTestRecord(
            timestamp: try fields.timestamp(1), noteRange: lowest...highest, trials: trials,
            median: Cents(try fields.number(5, "median cents")), lower: Cents(try fields.number(6, "lower cents")),
            upper: Cents(try fields.number(7, "upper cents")), isConclusive: isConclusive)
    }
}
