/// The profile's raw statistics as a value, so a rebuild can fold the whole history locally
/// and publish it in one assignment instead of one observable mutation per record.
/// Kept per discipline: an interval answer never lands in the unison statistics.
struct ProfileData: Sendable {
    /// Per comparison discipline, indexed by MIDI note number: absolute cent differences answered on that reference note.
    var comparisons: [TrainingDiscipline: [WelfordAccumulator]] = [:]
    var pitchMatchings: [TrainingDiscipline: PitchMatchingStatistics] = [:]
    /// The psychometric thresholds per comparison discipline (what the listener can hear, with intervals).
    var thresholds: [TrainingDiscipline: PooledThresholds] = [:]
    /// Answers by day, for the threshold's progress over time.
    var progress = ThresholdProgress()

    static let untrainedNotes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: MIDINote.validRange.count)

    /// The descriptive statistics (and progress) of one record; the thresholds are the caller's
    /// (one at a time when live, binned in one go when a whole history is read).
    mutating func addStatistics(of record: TrainingRecord) {
        switch record {
        case .comparison(let comparison):
            comparisons[comparison.discipline, default: Self.untrainedNotes][comparison.referenceNote.rawValue]
                .add(abs(comparison.presentedCentOffset.value))
            progress.add(comparison)
        case .pitchMatching(let matching):
            pitchMatchings[matching.discipline, default: PitchMatchingStatistics()].add(matching.userCentError)
        case .thresholdTest:
            break  // a test's result, not a trial: its comparisons are in the profile already
        }
    }

    /// One record, thresholds included (live updates).
    mutating func add(_ record: TrainingRecord) {
        addStatistics(of: record)
        if case .comparison(let comparison) = record {
            thresholds[comparison.discipline, default: PooledThresholds()].add(ThresholdTrial(comparison))
        }
    }
}
