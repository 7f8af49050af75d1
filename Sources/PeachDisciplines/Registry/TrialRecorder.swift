import PeachCore
import PeachText

/// Turns every finished trial and threshold-test result into its discipline's record, once, and tells the
/// record observers in order (the store first: a record is on disk before anything else reacts to it; then
/// the profile and the history). A failing observer does not keep the others from hearing of the record; its
/// error is rethrown afterwards, so the session logs it and training continues.
@MainActor
public final class TrialRecorder: TrainingObserver, OutcomeObserver {
    private let observers: [any RecordObserver]
    /// The synth or port the notes go to, recorded with each trial.
    private let outputName: @MainActor () -> String?
    /// What the presented pitch of a trial played now rests on, stamped on each record that states one.
    private let pitchBasis: @MainActor () -> PitchBasis?
    private let record: (any TrainingOutcome, RecordContext) -> TrainingRecord?

    public init(observers: [any RecordObserver], outputName: @escaping @MainActor () -> String? = { nil },
                pitchBasis: @escaping @MainActor () -> PitchBasis? = { nil },
                record: @escaping (any TrainingOutcome, RecordContext) -> TrainingRecord? = Disciplines.record(of:in:)) {
        self.observers = observers
        self.outputName = outputName
        self.pitchBasis = pitchBasis
        self.record = record
    }

    public func trialCompleted(_ trial: any CompletedTrial) throws {
        try tell(trial)
    }

    public func outcomeFinished(_ outcome: any TrainingOutcome) throws {
        try tell(outcome)
    }

    private func tell(_ outcome: any TrainingOutcome) throws {
        let context = RecordContext(outputName: outputName(), pitchBasis: pitchBasis())
        guard let record = record(outcome, context) else { throw UnrecordedOutcome(outcome: outcome) }
        var firstError: (any Error)?
        for observer in observers {
            do { try observer.recorded(record) } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }
}

/// A session finished something no registered discipline records (a discipline missing from the registry).
struct UnrecordedOutcome: Error, CustomStringConvertible {
    let outcome: any TrainingOutcome
    var description: String {
        tr(.recorderUnrecorded, ["outcome": "\(type(of: outcome))"])
    }
}
