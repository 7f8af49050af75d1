import PeachCore
import PeachText

/// What a pitch discipline's section says about the ground its cents stand on: a line when some of its trials
/// were played on a synth or key Peach never measured (their cents are only what Peach sent) or rested on a built-in
/// profile (its keys taken as in tune); nothing when every trial was measured or says nothing (older and
/// imported records). `--json` always carries the counts.
public enum PitchBasisReport {
    public static func lines(_ tally: PitchBasisTally) -> [String] {
        let total = ["total": "\(tally.total)"]
        var lines: [String] = []
        let assumed = tally.count(.assumed), builtIn = tally.count(.builtIn)
        if assumed > 0 {
            lines.append(tr(.reportPitchAssumed, count: assumed, total))
        }
        if builtIn > 0 {
            lines.append(tr(.reportPitchBuiltIn, count: builtIn, total))
        }
        return lines
    }

    /// `"pitchBasis": {"measured": 0, "builtIn": 0, "assumed": 12, "unknown": 228}`: how many trials rest on each.
    public struct Counts: Encodable, Sendable, Equatable {
        public var measured: Int
        public var builtIn: Int
        public var assumed: Int
        /// Recorded before records stated their basis, or imported.
        public var unknown: Int

        public init(_ tally: PitchBasisTally) {
            measured = tally.count(.measured)
            builtIn = tally.count(.builtIn)
            assumed = tally.count(.assumed)
            unknown = tally.unknown
        }
    }
}
