import PeachText

/// How interval pitches are tuned. Unisons are identical in both. The raw values are the CSV's and log's words.
///
/// Just intonation is 5-limit and relative to the trial's lower note (docs/intervals.md): every just fifth
/// is a pure 3:2, whichever notes it lies on — not a fixed scale on A.
public enum TuningSystem: String, CaseIterable, Sendable, Codable {
    case equalTemperament
    case justIntonation

    /// The size of `interval` in this system: semitones × 100 in 12-TET, 1200·log2(ratio) in just intonation.
    public func cents(of interval: Interval) -> Cents {
        switch self {
        case .equalTemperament: Cents(Double(interval.semitones) * Cents.perSemitone)
        case .justIntonation: Cents.between(Frequency(1), and: Frequency(Self.justRatio(of: interval)))
        }
    }

    /// The 5-limit ratio of `interval` (the table in docs/intervals.md).
    public static func justRatio(of interval: Interval) -> Double {
        switch interval {
        case .perfectUnison: 1
        case .minorSecond: 16.0 / 15
        case .majorSecond: 9.0 / 8
        case .minorThird: 6.0 / 5
        case .majorThird: 5.0 / 4
        case .perfectFourth: 4.0 / 3
        case .tritone: 45.0 / 32
        case .perfectFifth: 3.0 / 2
        case .minorSixth: 8.0 / 5
        case .majorSixth: 5.0 / 3
        case .minorSeventh: 9.0 / 5
        case .majorSeventh: 15.0 / 8
        case .octave: 2
        }
    }

    /// For screens: "equal temperament", "just intonation".
    public var name: String {
        switch self {
        case .equalTemperament: tr(.tuningEqual)
        case .justIntonation: tr(.tuningJust)
        }
    }
}
