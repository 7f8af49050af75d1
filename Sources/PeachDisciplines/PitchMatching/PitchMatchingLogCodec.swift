import PeachCore
import PeachFormats

/// A pitch-matching attempt's log line:
///
///     pitchMatching<TAB>timestamp<TAB>referenceNote<TAB>targetNote<TAB>initialCents<TAB>userErrorCents<TAB>interval<TAB>tuningSystem<TAB>referencePitchHz<TAB>controllerMode<TAB>measured|builtIn|assumed
///     pitchMatching	2026-03-03T14:31:02.004Z	60	60	-25.0	3.2	P1	equalTemperament	440.0	cc14	assumed
///
/// The controller mode may be empty (unknown, e.g. imported records). The last field says what the pitch the
/// error was measured from rests on (`PitchBasis`). Lines written before it existed end after the controller
/// mode (9 fields): they still read, with the basis unknown (nil), and such a record is written back in that
/// same short layout.
struct PitchMatchingLogCodec: RecordLogCodec {
    let tag = "pitchMatching"
    let fieldNames = ["timestamp", "referenceNote", "targetNote", "initialCents", "userErrorCents", "interval",
                      "tuningSystem", "referencePitchHz", "controllerMode", "measured|builtIn|assumed"]
    /// The layout before the pitch basis was stored.
    private static let shortFieldCount = 9

    func encode(_ record: PitchMatchingRecord, into line: inout LogLineWriter) throws(LogEncodingError) {
        try line.add(record.timestamp)
        line.add(record.referenceNote)
        line.add(record.targetNote)
        try line.add(record.initialCentOffset.value, "initial cent offset")
        try line.add(record.userCentError.value, "user cent error")
        line.add(record.interval.abbreviation)
        line.add(record.tuningSystem.rawValue)
        try line.add(record.referencePitch.hertz, "reference pitch")
        line.add(record.controllerMode?.rawValue ?? "")
        guard let basis = record.pitchBasis else { return }
        line.add(basis.rawValue)
    }

    func decode(_ fields: LogFields) throws(LogLineError) -> PitchMatchingRecord {
        if fields.count != 1 + Self.shortFieldCount { try fields.expectCount(1 + fieldNames.count, tag) }
        return PitchMatchingRecord(
            timestamp: try fields.timestamp(1), referenceNote: try fields.note(2), targetNote: try fields.note(3),
            initialCentOffset: Cents(try fields.number(4, "initial cents")),
            userCentError: Cents(try fields.number(5, "user error cents")), interval: try fields.interval(6),
            tuningSystem: try fields.tuningSystem(7), referencePitch: try fields.referencePitch(8),
            // A word a later Peach may write is no reason to reject the trial: the mode is only a note on it.
            controllerMode: fields.optionalText(9).flatMap(ControllerMode.init(rawValue:)),
            pitchBasis: fields.count == 1 + Self.shortFieldCount ? nil : try fields.pitchBasis(10))
    }
}
