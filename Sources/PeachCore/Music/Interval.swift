import PeachText

/// A musical interval between the two notes of a trial, P1 (unison) to P8 (octave). The raw values are
/// the abbreviations iOS Peach's CSV format and our training log store: the tritone is "d5" there;
/// `init(abbreviation:)` also reads "TT" and "A4", and screens say "tritone".
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

    /// As stored in CSV and the log ("d5" for the tritone).
    public var abbreviation: String { rawValue }
    public var semitones: Int { Self.allCases.firstIndex(of: self)! }

    /// The stored spelling, or "TT" / "A4" for the tritone (the config file accepts all three).
    public init?(abbreviation: String) {
        switch abbreviation {
        case "TT", "A4": self = .tritone
        default: self.init(rawValue: abbreviation)
        }
    }

    public init?(semitones: Int) {
        guard (0..<Self.allCases.count).contains(semitones) else { return nil }
        self = Self.allCases[semitones]
    }

    /// For screens: "perfect fifth", "tritone".
    public var name: String {
        switch self {
        case .perfectUnison: tr(.intervalUnison)
        case .minorSecond: tr(.intervalMinorSecond)
        case .majorSecond: tr(.intervalMajorSecond)
        case .minorThird: tr(.intervalMinorThird)
        case .majorThird: tr(.intervalMajorThird)
        case .perfectFourth: tr(.intervalPerfectFourth)
        case .tritone: tr(.intervalTritone)
        case .perfectFifth: tr(.intervalPerfectFifth)
        case .minorSixth: tr(.intervalMinorSixth)
        case .majorSixth: tr(.intervalMajorSixth)
        case .minorSeventh: tr(.intervalMinorSeventh)
        case .majorSeventh: tr(.intervalMajorSeventh)
        case .octave: tr(.intervalOctave)
        }
    }

    /// For the config file and short labels: "P5", "TT" (not the CSV's "d5").
    public var shortName: String { self == .tritone ? "TT" : rawValue }
}
