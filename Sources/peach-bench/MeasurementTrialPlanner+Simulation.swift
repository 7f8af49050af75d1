import PeachCore
import PeachDisciplines

extension MeasurementTrialPlanner {
    /// The next difference on `note` as unison comparison training places it: a Kazez step from the last Kazez trial
    /// (from 100 c at first), or every `period`-th trial the measurement placement for the note: on the threshold now
    /// (`level`, times the answers `since` it was solved) as the app places it, or on the pool without a level.
    mutating func simulatedDifference(on note: MIDINote, pooled: PooledThresholds, level: PlacementLevel? = nil,
                                      since: ThresholdLikelihood? = nil) -> Cents {
        switch planNext(posterior: { level?.posterior(for: note, since: since) ?? pooled.placementPosterior(for: note) }) {
        case .kazez:
            lastKazezTrial.map {
                KazezRule.next(after: $0.comparison.centOffset, wasCorrect: $0.isCorrect,
                               within: ThresholdTestProcedure.defaultDifferenceBounds)
            } ?? KazezRule.initialDifference
        case .measurement(let measured):
            measured
        }
    }
}
