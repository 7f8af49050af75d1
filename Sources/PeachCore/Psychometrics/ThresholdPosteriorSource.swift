/// Where a measurement trial finds the estimator's current view of a note: the posterior to place the
/// trial by (`PooledThresholds.placementPosterior(for:)`). The composition root provides one.
@MainActor
public protocol ThresholdPosteriorSource: AnyObject {
    func placementPosterior(for note: MIDINote) -> ThresholdPosterior
}

/// The pooled thresholds of unison comparisons, kept current: built once at launch from the history's
/// unison comparison trials (binned in one pass), then told of every finished trial as an observer.
@MainActor
public final class UnisonThresholdTracker: ThresholdPosteriorSource, TrainingObserver {
    public private(set) var thresholds: PooledThresholds

    public init(trials: [ThresholdTrial] = []) {
        thresholds = PooledThresholds(trials: trials)
    }

    /// The history's unison comparisons as the estimator sees them (other records are skipped).
    public nonisolated static func trial(from record: TrainingRecord) -> ThresholdTrial? {
        guard case .comparison(let comparison) = record, comparison.discipline == .unisonComparison else { return nil }
        return ThresholdTrial(comparison)
    }

    public func placementPosterior(for note: MIDINote) -> ThresholdPosterior {
        thresholds.placementPosterior(for: note)
    }

    public func trialCompleted(_ trial: CompletedTrial) throws {
        guard case .comparison(let completed) = trial, completed.comparison.discipline == .unisonComparison else { return }
        thresholds.add(note: completed.comparison.referenceNote, difference: completed.presentedCentOffset.magnitude,
                       correct: completed.isCorrect)
    }
}
