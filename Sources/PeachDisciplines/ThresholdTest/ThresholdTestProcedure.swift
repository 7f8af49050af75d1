import PeachCore

/// The "threshold test": comparisons placed by expected information gain over the (T, β) posterior (Psi
/// method), notes drawn evenly from a range, until the 95 % interval reaches the chosen precision or the cap
/// (`ThresholdTestStopRule`). Its result is the posterior threshold. A trained user's test starts from the
/// slope learned in training (`SlopePrior`), an untrained one's cold.
public struct ThresholdTestProcedure: Sendable {
    public static let defaultDifferenceBounds = MeasurementDifferences.bounds

    public let noteRange: ClosedRange<MIDINote>
    public let stopRule: ThresholdTestStopRule
    public let differenceBounds: ClosedRange<Cents>
    public let placementTarget: InformationGainPlacement.Target
    /// True when the slope prior came from the user's training (answers behind it), false when cold.
    public let startedFromTrainedSlope: Bool
    public private(set) var posterior: ThresholdPosterior
    /// The posterior's estimate after the latest answer (kept: the stop rule reads it after every answer).
    public private(set) var result: ThresholdEstimate

    public init(noteRange: ClosedRange<MIDINote>, stopRule: ThresholdTestStopRule = .standard,
                differenceBounds: ClosedRange<Cents> = defaultDifferenceBounds, grid: ThresholdGrid = .standard,
                placementTarget: InformationGainPlacement.Target = .threshold, slopePrior: SlopePrior? = nil) {
        self.placementTarget = placementTarget
        self.noteRange = noteRange
        self.stopRule = stopRule
        self.differenceBounds = differenceBounds
        startedFromTrainedSlope = (slopePrior?.trials ?? 0) > 0
        posterior = ThresholdPosterior(grid: grid, slopePrior: slopePrior)
        result = posterior.estimate
    }

    public var trialsDone: Int { posterior.trials }
    public var isComplete: Bool { stopRule.isComplete(result) }
    /// True when the interval reached the chosen precision (false when the cap stopped the test).
    public var reachedPrecision: Bool { stopRule.isReached(by: result) }

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
        result = posterior.estimate
    }
}

public struct ThresholdTestTrial: Hashable, Sendable {
    public var note: MIDINote
    public var difference: Cents
}
