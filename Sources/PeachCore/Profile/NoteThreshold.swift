/// One note's trained differences (Kazez): the adaptive strategy's per-note difficulty. Not a threshold a user is
/// shown (the staircase's mean sits below the 75 % point); reports and charts use the fitted estimates.
public struct NoteThreshold: Hashable, Sendable {
    public var note: MIDINote
    /// Mean of the absolute cent differences answered on this note.
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
