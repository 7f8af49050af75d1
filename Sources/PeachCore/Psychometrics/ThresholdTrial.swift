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

    /// The reference note and what the listener really heard (the presented offset).
    public init(_ record: ComparisonRecord) {
        self.init(note: record.referenceNote, difference: record.presentedCentOffset, correct: record.isCorrect)
    }
}
