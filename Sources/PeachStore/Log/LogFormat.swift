import PeachFormats

/// The training log: a UTF-8 text file, one record per line, fields separated by tabs, LF line ends.
/// Each registered discipline owns its lines (a tag, then its fields: its `RecordLogCodec`); today's:
///
///     # peach-log-format:1
///     # comparison<TAB>timestamp<TAB>referenceNote<TAB>targetNote<TAB>intendedCents<TAB>presentedCents<TAB>higher|lower<TAB>correct|wrong<TAB>interval<TAB>tuningSystem<TAB>referencePitchHz<TAB>velocity<TAB>output<TAB>measured|builtIn|assumed
///     # pitchMatching<TAB>timestamp<TAB>referenceNote<TAB>targetNote<TAB>initialCents<TAB>userErrorCents<TAB>interval<TAB>tuningSystem<TAB>referencePitchHz<TAB>controllerMode<TAB>measured|builtIn|assumed
///     # thresholdTest<TAB>timestamp<TAB>lowestNote<TAB>highestNote<TAB>trials<TAB>medianCents<TAB>lowerCents<TAB>upperCents<TAB>conclusive|inconclusive<TAB>precision<TAB>reached|notReached<TAB>trainedSlope|cold
///     comparison	2026-03-03T14:30:00.123Z	60	60	12.5	12.4	higher	correct	P1	equalTemperament	440.0	90	FLUID Synth (1234)	measured
///     pitchMatching	2026-03-03T14:31:02.004Z	60	60	-25.0	3.2	P1	equalTemperament	440.0	cc14	assumed
///     thresholdTest	2026-03-03T14:40:10.500Z	36	84	87	6.3	4.9	8.1	conclusive	2.5	reached	trainedSlope
///
/// (and the timing disciplines' lines, each described by its codec).
///
/// - A new discipline adds lines of a new tag within version 1: logs without them read as before. A line of a
///   tag this Peach does not know (a tag, then a timestamp) was written by a newer Peach: it is kept in the
///   file untouched, counted and reported once, never moved aside or rewritten. (A Peach from before that
///   rule, such as the one that added `thresholdTest`, reports such a line as unreadable and keeps the rest.)
/// - Line 1 is the version header; newer versions are refused rather than misread.
/// - Other lines starting with `#` are comments; empty lines are ignored.
/// - Timestamps are UTC with milliseconds; notes are MIDI numbers; cents and hertz are Swift's shortest
///   round-tripping decimal, so a reload gives back the same `Double`.
/// - Velocity, output and controller mode may be empty (unknown, e.g. imported records).
/// - A comparison's and a pitch match's last word says what its pitch rests on (`PitchBasis`): `measured` (a
///   calibration measured the synth), `builtIn` (an uncalibrated synth's built-in profile, every key taken as in
///   tune) or `assumed` (nothing about the synth measured: the cents are what Peach sent).
/// - A field added to a discipline's line goes at its end. Lines from before it have the shorter layout and
///   still read, with the new value unknown; such a record is written back in that layout, byte for byte (the
///   threshold test's precision, outcome and start; the comparison's and pitch match's pitch basis).
/// - Text fields escape `\` `TAB` `LF` `CR` as `\\` `\t` `\n` `\r`, so a record is always exactly one line.
/// - Tab-separated rather than JSON lines: greppable, `cut`-able, and parsed by hand an order of magnitude
///   faster than `JSONDecoder` per line.
/// - Only appended to. A line is written with one `write()` and `fsync`ed before the append returns.
public enum LogFormat {
    public static let version = 1
    public static let headerPrefix = "# peach-log-format:"
    public static let headerLine = headerPrefix + String(version)

    /// Everything a new log file starts with: the version header, then one column comment per registered
    /// discipline so a person reading the file knows the fields.
    static func fileHeader(_ codecs: RecordCodecs) -> String {
        ([headerLine] + codecs.log.map(\.columnComment)).joined(separator: "\n") + "\n"
    }
}
