import Foundation

/// A MIDI note played `offset` cents away from its equal-tempered pitch.
/// f = ref · 2^((note − 69 + cents/100) / 12)
public struct DetunedMIDINote: Hashable, Sendable, Codable, CustomStringConvertible {
    public var note: MIDINote
    public var offset: Cents

    public init(note: MIDINote, offset: Cents = .zero) {
        self.note = note
        self.offset = offset
    }

    /// The nearest note to `frequency` and the signed remainder (−50...+50 cents), relative to `reference`.
    /// Frequencies outside the MIDI range are attached to note 0 or 127 with a larger offset.
    public init(frequency: Frequency, reference: ReferencePitch = .standard) {
        let semitonesFromA4 = 12 * log2(frequency.hertz / reference.hertz)
        let exact = Double(MIDINote.a4.rawValue) + semitonesFromA4
        let nearest = MIDINote(clamping: Int(exact.rounded()))
        self.note = nearest
        self.offset = Cents((exact - Double(nearest.rawValue)) * Cents.perSemitone)
    }

    public func frequency(reference: ReferencePitch = .standard) -> Frequency {
        let semitones = Double(note.rawValue - MIDINote.a4.rawValue) + offset.semitones
        return Frequency(reference.hertz * pow(2, semitones / 12))
    }

    public var description: String { "\(note.name) \(offset)" }
}
