import PeachCore

/// A key plus the channel bend that makes it sound a wanted pitch, and what the synth will really
/// present (after bend quantisation, the synth's bend scale and its pitch resolution).
public struct BentNote: Hashable, Sendable, CustomStringConvertible {
    public var note: MIDINote
    public var bend: PitchBend
    /// The offset from `note` the synth will sound, in its own tuning.
    public var presentedOffset: Cents

    public init(note: MIDINote, bend: PitchBend, presentedOffset: Cents) {
        self.note = note
        self.bend = bend
        self.presentedOffset = presentedOffset
    }

    public var description: String { "\(note.name) \(bend) → \(presentedOffset)" }
}
