import PeachCore

/// The profile keeps the pooled unison thresholds current (built once at launch, then told of every
/// trial as an observer), so it is the source measurement trials read: no second copy of the answers.
extension PerceptualProfile: ThresholdPosteriorSource {
    public func placementPosterior(for note: MIDINote) -> ThresholdPosterior {
        (thresholds(of: .unisonComparison) ?? PooledThresholds()).placementPosterior(for: note)
    }

    public var trainedSlopePrior: SlopePrior? { thresholds(of: .unisonComparison)?.slopePrior }
}
