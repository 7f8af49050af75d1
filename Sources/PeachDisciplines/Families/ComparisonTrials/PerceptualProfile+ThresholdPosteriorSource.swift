import PeachCore

/// The profile keeps the pooled unison thresholds and their level now current (built once at launch, then told of
/// every trial as an observer), so it is the source measurement trials read: no second copy of the answers. A trial
/// is placed on the threshold now (`PlacementLevel`), not on the pool of every answer, which trails a listener who moves.
extension PerceptualProfile: ThresholdPosteriorSource {
    public func placementPosterior(for note: MIDINote) -> ThresholdPosterior {
        placementLevel(of: .unisonComparison)?.posterior(for: note)
            ?? (thresholds(of: .unisonComparison) ?? PooledThresholds(grid: .lapseProbed)).placementPosterior(for: note)
    }

    public var trainedSlopePrior: SlopePrior? { thresholds(of: .unisonComparison)?.slopePrior }
}
