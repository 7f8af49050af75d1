/// What the profile keeps for one discipline, fed with that discipline's records. Each discipline brings
/// its own (`DisciplineRecord.makeStatistics()`), in its own unit; the profile only stores and feeds them.
/// What others read from it goes through the capability protocols (`NoteDifficultyStatistics`,
/// `PsychometricStatistics`, `ProgressStatistics`), so a strategy never needs to know a discipline's type.
public protocol DisciplineStatistics: Sendable {
    /// Trials counted (answers, attempts, results).
    var count: Int { get }
    /// Adds one record of this statistics' discipline (others are ignored). `settled` false: a whole
    /// history is being read, and expensive work may wait for `settle()` (one step instead of one per record).
    mutating func add(_ record: TrainingRecord, settled: Bool)
    /// Does the work `add(_:settled: false)` left for later.
    mutating func settle()
}

/// Per-note mean and spread of the trained differences: what the adaptive strategy reads.
public protocol NoteDifficultyStatistics {
    func threshold(for note: MIDINote) -> NoteThreshold
}

/// The psychometric thresholds (per region and overall, with intervals).
public protocol PsychometricStatistics {
    var pooledThresholds: PooledThresholds? { get }
    /// Where measurement trials are placed (the threshold now, per region); nil before the first answer.
    var placementLevel: PlacementLevel? { get }
}

/// The discipline's headline quantity over time with intervals: where its progress and its trend come from.
public protocol ProgressStatistics {
    /// Nil before the first trial that counts.
    var progressOverTime: DisciplineProgress? { get }
}
