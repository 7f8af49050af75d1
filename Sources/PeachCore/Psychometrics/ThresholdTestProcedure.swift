/// The "threshold test": a fixed number of comparisons, each placed by expected information gain over the
/// (T, β) posterior (Psi method), notes drawn evenly from a range. Its result is the posterior threshold.
/// A trained user's test starts from the slope learned in training (`SlopePrior`), an untrained one's cold.
public struct ThresholdTestProcedure: Sendable {
    public static let defaultTrialCount = 60
    public static let defaultDifferenceBounds = Cents(0.1)...Cents(100)

    public let noteRange: ClosedRange<MIDINote>
    public let trialCount: Int
    public let differenceBounds: ClosedRange<Cents>
    public let placementTarget: InformationGainPlacement.Target
    public private(set) var posterior: ThresholdPosterior

    public init(noteRange: ClosedRange<MIDINote>, trialCount: Int = defaultTrialCount,
                differenceBounds: ClosedRange<Cents> = defaultDifferenceBounds, grid: ThresholdGrid = .standard,
                placementTarget: InformationGainPlacement.Target = .threshold, slopePrior: SlopePrior? = nil) {
        self.placementTarget = placementTarget
        precondition(trialCount >= 1, "a threshold test needs at least one trial")
        self.noteRange = noteRange
        self.trialCount = trialCount
        self.differenceBounds = differenceBounds
        posterior = ThresholdPosterior(grid: grid, slopePrior: slopePrior)
    }

    public var trialsDone: Int { posterior.trials }
    public var isComplete: Bool { posterior.trials >= trialCount }

    /// The next note (uniform over the range) and |difference| (the caller picks the direction).
    public func nextTrial<Random: RandomNumberGenerator>(using random: inout Random) -> ThresholdTestTrial {
        let note = MIDINote(clamping: Int.random(in: noteRange.lowerBound.rawValue...noteRange.upperBound.rawValue,
                                                 using: &random))
        return ThresholdTestTrial(note: note, difference: nextDifference)
    }

    /// The difference with the largest expected information gain within the bounds.
    public var nextDifference: Cents {
        InformationGainPlacement.bestDifference(for: posterior, within: differenceBounds, target: placementTarget)
    }

    /// Records an answer at the difference the listener really heard; ignored once the test is complete.
    public mutating func record(difference: Cents, correct: Bool) {
        guard !isComplete else { return }
        posterior.update(difference: difference, correct: correct)
    }

    public var result: ThresholdEstimate { posterior.estimate }
}

public struct ThresholdTestTrial: Hashable, Sendable {
    public var note: MIDINote
    public var difference: Cents
}
