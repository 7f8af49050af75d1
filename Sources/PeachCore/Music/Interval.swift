/// A musical interval between reference and target note, as abbreviated in Peach's CSV format.
/// Peach for Linux trains unisons (P1) for now; the others are read from imported files.
public enum Interval: String, CaseIterable, Sendable, Codable {
    case perfectUnison = "P1"
    case minorSecond = "m2"
    case majorSecond = "M2"
    case minorThird = "m3"
    case majorThird = "M3"
    case perfectFourth = "P4"
    case tritone = "d5"
    case perfectFifth = "P5"
    case minorSixth = "m6"
    case majorSixth = "M6"
    case minorSeventh = "m7"
    case majorSeventh = "M7"
    case octave = "P8"

    public var abbreviation: String { rawValue }
    public var semitones: Int { Self.allCases.firstIndex(of: self)! }

    public init?(abbreviation: String) { self.init(rawValue: abbreviation) }
    public init?(semitones: Int) {
        guard (0..<Self.allCases.count).contains(semitones) else { return nil }
        self = Self.allCases[semitones]
    }
}

/// How interval pitches are tuned. Unisons are identical in both.
public enum TuningSystem: String, CaseIterable, Sendable, Codable {
    case equalTemperament
    case justIntonation
}
