/// Told about every answered comparison before the feedback phase starts (store, profile, UI).
/// A thrown error is logged by the session; training continues.
@MainActor
public protocol ComparisonObserver: AnyObject {
    func comparisonCompleted(_ completed: CompletedComparison) throws
}

/// Told about every committed pitch-matching attempt before the feedback phase starts.
@MainActor
public protocol PitchMatchingObserver: AnyObject {
    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws
}
