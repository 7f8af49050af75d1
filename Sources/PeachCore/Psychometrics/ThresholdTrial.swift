/// One answered comparison as the threshold estimator sees it: the note, |presented difference|, right or wrong.
public struct ThresholdTrial: Hashable, Sendable {
    public var note: MIDINote
    public var difference: Cents
    public var correct: Bool

    public init(note: MIDINote, difference: Cents, correct: Bool) {
        self.note = note
        self.difference = difference.magnitude
        self.correct = correct
    }

}
