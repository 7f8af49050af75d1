/// The training log: a UTF-8 text file, one record per line, fields separated by tabs, LF line ends.
///
///     # peach-log-format:1
///     # comparison<TAB>timestamp<TAB>referenceNote<TAB>targetNote<TAB>intendedCents<TAB>presentedCents<TAB>higher|lower<TAB>correct|wrong<TAB>interval<TAB>tuningSystem<TAB>referencePitchHz<TAB>velocity<TAB>output
///     # pitchMatching<TAB>timestamp<TAB>referenceNote<TAB>targetNote<TAB>initialCents<TAB>userErrorCents<TAB>interval<TAB>tuningSystem<TAB>referencePitchHz<TAB>controllerMode
///     # thresholdTest<TAB>timestamp<TAB>lowestNote<TAB>highestNote<TAB>trials<TAB>medianCents<TAB>lowerCents<TAB>upperCents<TAB>conclusive|inconclusive
///     comparison	2026-03-03T14:30:00.123Z	60	60	12.5	12.4	higher	correct	P1	equalTemperament	440.0	90	FLUID Synth (1234)
///     pitchMatching	2026-03-03T14:31:02.004Z	60	60	-25.0	3.2	P1	equalTemperament	440.0	cc14
///     thresholdTest	2026-03-03T14:40:10.500Z	36	84	60	6.3	4.9	8.1	conclusive
///
/// - `thresholdTest` lines (a finished threshold test's result) came later within version 1: logs without
///   them read as before; a Peach older than them reports such a line as unreadable and keeps the rest.
/// - Line 1 is the version header; newer versions are refused rather than misread.
/// - Other lines starting with `#` are comments; empty lines are ignored.
/// - Timestamps are UTC with milliseconds; notes are MIDI numbers; cents and hertz are Swift's shortest
///   round-tripping decimal, so a reload gives back the same `Double`.
/// - Velocity, output and controller mode may be empty (unknown, e.g. imported records).
/// - Text fields escape `\` `TAB` `LF` `CR` as `\\` `\t` `\n` `\r`, so a record is always exactly one line.
/// - Tab-separated rather than JSON lines: greppable, `cut`-able, and parsed by hand an order of magnitude
///   faster than `JSONDecoder` per line.
/// - Only appended to. A line is written with one `write()` and `fsync`ed before the append returns.
public enum LogFormat {
    public static let version = 1
    public static let headerPrefix = "# peach-log-format:"
    public static let headerLine = headerPrefix + String(version)

    static let comparisonTag = "comparison"
    static let pitchMatchingTag = "pitchMatching"
    static let comparisonFieldCount = 13
    static let pitchMatchingFieldCount = 10
    static let thresholdTestTag = "thresholdTest"
    static let thresholdTestFieldCount = 9

    /// Written after the version header of a new file so a person reading it knows the columns.
    static let columnComments = [
        "# comparison\ttimestamp\treferenceNote\ttargetNote\tintendedCents\tpresentedCents\thigher|lower\tcorrect|wrong\tinterval\ttuningSystem\treferencePitchHz\tvelocity\toutput",
        "# pitchMatching\ttimestamp\treferenceNote\ttargetNote\tinitialCents\tuserErrorCents\tinterval\ttuningSystem\treferencePitchHz\tcontrollerMode",
        "# thresholdTest\ttimestamp\tlowestNote\thighestNote\ttrials\tmedianCents\tlowerCents\tupperCents\tconclusive|inconclusive",
    ]

    /// Everything a new log file starts with.
    static var fileHeader: String { ([headerLine] + columnComments).joined(separator: "\n") + "\n" }
}
