/// Where a measurement trial finds the estimator's current view of a note: the posterior to place the
/// trial by (`PooledThresholds.placementPosterior(for:)`). The composition root provides one.
/// The same source gives a threshold test the slope learned in training (`trainedSlopePrior`).
@MainActor
public protocol ThresholdPosteriorSource: AnyObject {
    func placementPosterior(for note: MIDINote) -> ThresholdPosterior
    /// The shared slope (and lapse) posterior of the user's unison comparisons; nil without training (cold).
    var trainedSlopePrior: SlopePrior? { get }
}

/// The profile keeps the pooled unison thresholds current (built once at launch, then told of every
/// trial as an observer), so it is the source measurement trials read: no second copy of the answers.
extension PerceptualProfile: ThresholdPosteriorSource {
    public func placementPosterior(for note: MIDINote) -> ThresholdPosterior {
        (thresholds(of: .unisonComparison) ?? PooledThresholds()).placementPosterior(for: note)
    }

    public var trainedSlopePrior: SlopePrior? { thresholds(of: .unisonComparison)?.slopePrior }
}
