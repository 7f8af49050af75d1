/// A MIDI note number, 0...127. A4 = 69, middle C = C4 = 60.
public struct MIDINote: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let validRange = 0...127
    public static let a4 = MIDINote(uncheckedRawValue: 69)
    public static let c4 = MIDINote(uncheckedRawValue: 60)
    public static let lowest = MIDINote(uncheckedRawValue: 0)
    public static let highest = MIDINote(uncheckedRawValue: 127)

    public let rawValue: Int

    /// Fails for numbers outside 0...127.
    public init?(_ rawValue: Int) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init(clamping rawValue: Int) {
        self.rawValue = min(max(rawValue, Self.validRange.lowerBound), Self.validRange.upperBound)
    }

    private init(uncheckedRawValue: Int) { self.rawValue = uncheckedRawValue }

    private static let sharpNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

    /// Scientific pitch notation with sharps: 60 → "C4", 70 → "A#4", 0 → "C-1".
    public var name: String {
        let octave = rawValue / 12 - 1
        return Self.sharpNames[rawValue % 12] + String(octave)
    }

    /// Parses "C4", "a#3", "Bb2", "C-1" (case-insensitive letter, # or b accidental).
    public init?(name: String) {
        var text = Substring(name.trimmingCharacters(in: .whitespaces))
        guard let letter = text.first?.uppercased(),
              let base = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11][letter] else { return nil }
        text = text.dropFirst()
        var semitone = base
        if text.first == "#" || text.first == "♯" { semitone += 1; text = text.dropFirst() }
        else if text.first == "b" || text.first == "♭" { semitone -= 1; text = text.dropFirst() }
        guard let octave = Int(text) else { return nil }
        self.init((octave + 1) * 12 + semitone)
    }

    public var description: String { name }

    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The note `semitones` away, or nil when that leaves 0...127.
    public func transposed(by semitones: Int) -> MIDINote? { MIDINote(rawValue + semitones) }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(Int.self)
        guard let note = MIDINote(raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "MIDI note \(raw) is outside 0...127"))
        }
        self = note
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension ClosedRange where Bound == MIDINote {
    /// Every note in the range, lowest first.
    public var notes: [MIDINote] { (lowerBound.rawValue...upperBound.rawValue).compactMap(MIDINote.init) }
    public var noteCount: Int { upperBound.rawValue - lowerBound.rawValue + 1 }
}
