/// One note's discrimination statistics: what the profile chart draws per note.
public struct NoteThreshold: Hashable, Sendable {
    public var note: MIDINote
    /// Mean of the absolute cent differences answered on this note (its threshold estimate).
    public var mean: Cents
    public var standardDeviation: Cents
    public var count: Int

    public init(note: MIDINote, mean: Cents, standardDeviation: Cents, count: Int) {
        self.note = note
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.count = count
    }

    public var isTrained: Bool { count > 0 }
}
