import PeachCore
import PeachFormats
import PeachText

/// A comparison's log line:
///
///     comparison<TAB>timestamp<TAB>referenceNote<TAB>targetNote<TAB>intendedCents<TAB>presentedCents<TAB>higher|lower<TAB>correct|wrong<TAB>interval<TAB>tuningSystem<TAB>referencePitchHz<TAB>velocity<TAB>output<TAB>measured|builtIn|assumed
///     comparison	2026-03-03T14:30:00.123Z	60	60	12.5	12.4	higher	correct	P1	equalTemperament	440.0	90	FLUID Synth (1234)	measured
///
/// Velocity and output may be empty (unknown, e.g. imported records). The last field says what the presented
/// cents rest on (`PitchBasis`). Lines written before it existed end after the output (12 fields): they still
/// read, with the basis unknown (nil), and such a record is written back in that same short layout.
struct ComparisonLogCodec: RecordLogCodec {
    let tag = "comparison"
    let fieldNames = ["timestamp", "referenceNote", "targetNote", "intendedCents", "presentedCents", "higher|lower",
                      "correct|wrong", "interval", "tuningSystem", "referencePitchHz", "velocity", "output",
                      "measured|builtIn|assumed"]
    /// The layout before the pitch basis was stored.
    private static let shortFieldCount = 12

    private static let higher = LogWord("higher"), lower = LogWord("lower")
    private static let correct = LogWord("correct"), wrong = LogWord("wrong")

    func encode(_ record: ComparisonRecord, into line: inout LogLineWriter) throws(LogEncodingError) {
        try line.add(record.timestamp)
        line.add(record.referenceNote)
        line.add(record.targetNote)
        try line.add(record.intendedCentOffset.value, "intended cent offset")
        try line.add(record.presentedCentOffset.value, "presented cent offset")
        line.add(record.answeredHigher ? Self.higher.text : Self.lower.text)
        line.add(record.isCorrect ? Self.correct.text : Self.wrong.text)
        line.add(record.interval.abbreviation)
        line.add(record.tuningSystem.rawValue)
        try line.add(record.referencePitch.hertz, "reference pitch")
        line.add(record.velocity.map { String($0.rawValue) } ?? "")
        line.add(text: record.outputName ?? "")
        guard let basis = record.pitchBasis else { return }
        line.add(basis.rawValue)
    }

    func decode(_ fields: LogFields) throws(LogLineError) -> ComparisonRecord {
        if fields.count != 1 + Self.shortFieldCount { try fields.expectCount(1 + fieldNames.count, tag) }
        let answeredHigher = try fields.choice(6, "answer", yes: Self.higher, no: Self.lower)
        let isCorrect = try fields.choice(7, "result", yes: Self.correct, no: Self.wrong)
        var velocity: MIDIVelocity?
        if !fields.isEmpty(11) {
            guard let raw = fields.integer(11), let value = MIDIVelocity(raw) else {
                throw LogLineError(tr(.logLineVelocity, ["value": Echo.quoted(fields.text(11))]))
            }
            velocity = value
        }
        return ComparisonRecord(
            timestamp: try fields.timestamp(1), referenceNote: try fields.note(2), targetNote: try fields.note(3),
            intendedCentOffset: Cents(try fields.number(4, "intended cents")),
            presentedCentOffset: Cents(try fields.number(5, "presented cents")),
            answeredHigher: answeredHigher, isCorrect: isCorrect, interval: try fields.interval(8),
            tuningSystem: try fields.tuningSystem(9), referencePitch: try fields.referencePitch(10),
            velocity: velocity, outputName: fields.optionalText(12),
            pitchBasis: fields.count == 1 + Self.shortFieldCount ? nil : try fields.pitchBasis(13))
    }
}
