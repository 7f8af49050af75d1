import PeachCore

/// The profile keeps each comparison discipline's pooled thresholds and their level now current (built once at launch,
/// then told of every trial as an observer), so it is the source measurement trials read: no second copy of the
/// answers. A trial is placed on the threshold now (`PlacementLevel`), not on the pool of every answer, which trails a
/// listener who moves.
extension PerceptualProfile: ThresholdPosteriorSource {
    public func placementPosterior(for note: MIDINote, of discipline: TrainingDiscipline) -> ThresholdPosterior {
        placementLevel(of: discipline)?.posterior(for: note)
            ?? (thresholds(of: discipline) ?? PooledThresholds(grid: .lapseProbed)).placementPosterior(for: note)
    }

    public var trainedSlopePrior: SlopePrior? { thresholds(of: .unisonComparison)?.slopePrior }
}
