import PeachCore

/// Chooses the next comparison. The session passes the previous answered comparison of the current
/// run, or nil right after a (re)start: the adaptive chain is lost whenever training stops.
@MainActor
public protocol ComparisonStrategy {
    mutating func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                                 last: CompletedComparison?) -> Comparison
}
