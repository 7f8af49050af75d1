import Foundation

/// Something a session finished that becomes a line of history: a trial, or a test's result.
/// Each discipline's session defines its own and claims it: `recordKind` names the discipline whose record it
/// becomes, and the discipline registry hands it to that discipline alone.
public protocol TrainingOutcome: Sendable {
    var timestamp: Date { get }
    var recordKind: DisciplineKind { get }
}

/// A finished trial of any training mode, as observers receive it.
public protocol CompletedTrial: TrainingOutcome {
    var discipline: TrainingDiscipline { get }
}

extension CompletedTrial {
    /// A trial becomes a record of the discipline it trained (a threshold test's comparisons are comparisons).
    public var recordKind: DisciplineKind { discipline.kind }
}

/// Told once when a session finishes an outcome that is not a trial (a threshold test's result), after its
/// trials went to the `TrainingObserver`s: the recorder stores it. A session stopped early tells no one.
@MainActor
public protocol OutcomeObserver: AnyObject {
    func outcomeFinished(_ outcome: any TrainingOutcome) throws
}

/// Told about every finished trial of every mode before its feedback starts (the recorder, then breaks).
/// A thrown error is logged by the session; training continues.
@MainActor
public protocol TrainingObserver: AnyObject {
    func trialCompleted(_ trial: any CompletedTrial) throws
}

/// Told about every new line of history, of every discipline, in the order the composition root sets
/// (the store first). A thrown error is logged; the other observers still hear of the record.
@MainActor
public protocol RecordObserver: AnyObject {
    func recorded(_ record: TrainingRecord) throws
}
