/// The profile over the training range in two numbers. Every trained note weighs the same,
/// so a note drilled a thousand times does not hide the others.
public struct ProfileSummary: Hashable, Sendable {
    /// Mean of the trained notes' thresholds.
    public var mean: Cents
    /// Spread of the trained notes' thresholds around `mean` (sample std dev; 0 for one note).
    public var standardDeviation: Cents
    public var trainedNoteCount: Int

    public init(mean: Cents, standardDeviation: Cents, trainedNoteCount: Int) {
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.trainedNoteCount = trainedNoteCount
    }
}
