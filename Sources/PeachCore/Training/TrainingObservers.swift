/// A finished trial of any training mode, as observers receive it.
public enum CompletedTrial: Hashable, Sendable {
    case comparison(CompletedComparison)
    case pitchMatching(CompletedPitchMatching)

    public var discipline: TrainingDiscipline {
        switch self {
        case .comparison(let completed): completed.comparison.discipline
        case .pitchMatching(let completed): completed.challenge.discipline
        }
    }

    /// The line of history this trial becomes; `outputName` is the synth or port the notes went to.
    public func record(outputName: String?) -> TrainingRecord {
        switch self {
        case .comparison(let completed): .comparison(ComparisonRecord(completed, outputName: outputName))
        case .pitchMatching(let completed): .pitchMatching(PitchMatchingRecord(completed))
        }
    }
}

/// Told about every finished trial of every mode before its feedback starts (store, profile, history, breaks).
/// A thrown error is logged by the session; training continues.
@MainActor
public protocol TrainingObserver: AnyObject {
    func trialCompleted(_ trial: CompletedTrial) throws
}
