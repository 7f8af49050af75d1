/// Told once when a threshold test finishes (all its trials answered), after the trials themselves went to
/// the `TrainingObserver`s: the recorder stores the result and lists it. A stopped test tells no one.
@MainActor
public protocol ThresholdTestObserver: AnyObject {
    func thresholdTestFinished(_ result: ThresholdTestResult) throws
}
