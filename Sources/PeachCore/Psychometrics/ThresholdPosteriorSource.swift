/// Where a measurement trial finds the estimator's current view of a note: the posterior to place the
/// trial by (`PlacementLevel.posterior(for:)`: the threshold now). The composition root provides one.
/// The same source gives a threshold test the slope learned in training (`trainedSlopePrior`).
@MainActor
public protocol ThresholdPosteriorSource: AnyObject {
    /// The posterior of `discipline`'s threshold at `note` (the reference note) to place its next measurement by.
    func placementPosterior(for note: MIDINote, of discipline: TrainingDiscipline) -> ThresholdPosterior
    /// The shared slope (and lapse) posterior of the user's unison comparisons; nil without training (cold).
    var trainedSlopePrior: SlopePrior? { get }
}
