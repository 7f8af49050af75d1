/// Told once when a threshold test finishes (all its trials answered), after the trials themselves went to
/// the `TrainingObserver`s: the store writes the result, the history lists it. A stopped test tells no one.
@MainActor
public protocol ThresholdTestObserver: AnyObject {
    func thresholdTestFinished(_ result: ThresholdTestRecord) throws
}
