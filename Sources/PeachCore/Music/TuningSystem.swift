import PeachText

/// How interval pitches are tuned: 12-TET, Peach's just intonation, or a Scala scale (one of Peach's named
/// tunings or the user's .scl file). A value, compared by `rawValue` alone: that word is the log's and the CSV's
/// spelling and the key a profile keeps disciplines apart by. Unisons sound the same in every tuning.
///
/// Just intonation is 5-limit and relative to the trial's lower note (docs/intervals.md): every just fifth
/// is a pure 3:2, whichever notes it lies on — not a fixed scale on A. A scale tuning is a fixed scale,
/// anchored at the reference pitch (docs/tunings.md), so its intervals depend on the note they start on.
public struct TuningSystem: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case equal
        case just
        case scale
    }

    /// "equalTemperament", "justIntonation", a named tuning's id ("meantone-quarter-comma") or
    /// "scl:" and a file's name ("scl:my-19-tone").
    public let rawValue: String
    public let kind: Kind
    /// The scale of a scale tuning; nil for 12-TET and just intonation, and for a file tuning read back from
    /// a record on a machine that has not loaded its file (records keep its name, never its sizes).
    public let scale: ScaleTuning?

    private init(rawValue: String, kind: Kind, scale: ScaleTuning?) {
        self.rawValue = rawValue
        self.kind = kind
        self.scale = scale
    }

    public static let equalTemperament = TuningSystem(rawValue: "equalTemperament", kind: .equal, scale: nil)
    public static let justIntonation = TuningSystem(rawValue: "justIntonation", kind: .just, scale: nil)

    /// One of Peach's named tunings.
    public static func named(_ tuning: NamedTuning, mapping: ScalaKeyboardMapping? = nil) -> TuningSystem {
        TuningSystem(rawValue: tuning.id, kind: .scale,
                     scale: ScaleTuning(name: tuning.name, scale: tuning.scale, mapping: mapping))
    }

    /// The user's .scl file, known by `fileName` without its extension (letters, digits, "-", "_" and "."; other
    /// characters become "_" so that the name fits a log field and a CSV cell).
    public static func file(named fileName: String, scale: ScalaScale, mapping: ScalaKeyboardMapping? = nil) -> TuningSystem {
        let name = sanitized(fileName)
        return TuningSystem(rawValue: filePrefix + name, kind: .scale,
                            scale: ScaleTuning(name: name + ".scl", scale: scale, mapping: mapping))
    }

    /// The system a record's word names; nil for a word that names none. A named tuning comes back with its scale;
    /// a file's tuning with its name only.
    public init?(rawValue: String) {
        switch rawValue {
        case Self.equalTemperament.rawValue: self = .equalTemperament
        case Self.justIntonation.rawValue: self = .justIntonation
        default:
            if let named = NamedTunings.tuning(id: rawValue) {
                self = .named(named)
            } else if rawValue.hasPrefix(Self.filePrefix), rawValue.count > Self.filePrefix.count,
                      Self.sanitized(String(rawValue.dropFirst(Self.filePrefix.count))) == rawValue.dropFirst(Self.filePrefix.count) {
                self.init(rawValue: rawValue, kind: .scale, scale: nil)
            } else {
                return nil
            }
        }
    }

    public static func == (lhs: TuningSystem, rhs: TuningSystem) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The size of `interval` going up from a note in 12-TET or Peach's just intonation (a scale tuning's sizes
    /// depend on the note: `placement(of:from:referencePitch:)`).
    public func cents(of interval: Interval) -> Cents {
        switch kind {
        case .just: Cents.between(Frequency(1), and: Frequency(Self.justRatio(of: interval)))
        case .equal, .scale: Cents(Double(interval.semitones) * Cents.perSemitone)
        }
    }

    /// Where a trial's two notes sound in this system: the reference key's departure from its 12-TET pitch and the
    /// in-tune interval to the target. A unison is the same in every system; a file tuning without its scale (a
    /// record's only) is placed as 12-TET.
    public func placement(of interval: DirectedInterval, from reference: MIDINote,
                          referencePitch: ReferencePitch) -> TunedInterval {
        guard interval.interval != .perfectUnison else { return TunedInterval(referenceOffset: .zero, size: .zero) }
        if let scale { return scale.placement(of: interval, from: reference, referencePitch: referencePitch) }
        return TunedInterval(referenceOffset: .zero, size: interval.cents(in: self))
    }

    /// The sizes `interval` going up takes in a scale tuning, from each of the twelve keys C4…B4: one size in an equal
    /// division, a range in an unequal temperament (meantone's M3 386.3–427.4 c); nil outside a scale tuning or when
    /// the scale is not loaded.
    public func sizeRange(of interval: Interval) -> ClosedRange<Cents>? {
        guard let scale, interval != .perfectUnison else { return nil }
        let sizes = (60..<72).compactMap(MIDINote.init).map {
            scale.placement(of: DirectedInterval(interval), from: $0, referencePitch: .standard).size
        }
        guard let lowest = sizes.min(), let highest = sizes.max() else { return nil }
        return lowest...highest
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

    /// For screens: "equal temperament", "just intonation", "Quarter-comma meantone", "my-19-tone.scl".
    public var name: String {
        switch kind {
        case .equal: tr(.tuningEqual)
        case .just: tr(.tuningJust)
        case .scale: scale?.name ?? String(rawValue.dropFirst(Self.filePrefix.count)) + ".scl"
        }
    }

    public var description: String { rawValue }

    /// Lists put 12-TET first, then just intonation, then the scale tunings by spelling.
    public var listOrder: String {
        switch kind {
        case .equal: "0"
        case .just: "1"
        case .scale: "2" + rawValue
        }
    }

    /// What a record may say, for error messages, short enough to echo: "equalTemperament, justIntonation, a tuning
    /// id that peach tunings lists, or scl: and a file's name".
    public static var spellings: String {
        tr(.tuningSpellings, ["equal": equalTemperament.rawValue, "just": justIntonation.rawValue, "file": filePrefix])
    }

    static let filePrefix = "scl:"

    private static func sanitized(_ name: String) -> String {
        let kept = name.map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character)) ? character : "_"
        }
        return kept.isEmpty ? "scale" : String(kept)
    }
}

/// Encoded as its record spelling; decoding refuses a word that names no system.
extension TuningSystem: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let system = TuningSystem(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "\(text) is not a tuning system (\(Self.spellings))"))
        }
        self = system
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
