import Observation

/// What the user can hear: per-note discrimination thresholds and pitch-matching accuracy.
/// Updated live as an observer of both sessions and rebuilt from the full history at launch.
/// Comparisons count by |presented cent offset| (what the listener really heard) on the reference note.
@MainActor @Observable
public final class PerceptualProfile {
    private var data = ProfileData()

    public init() {}

    public var pitchMatching: PitchMatchingStatistics { data.pitchMatching }

    /// Answered comparisons over all notes.
    public var comparisonCount: Int { data.notes.reduce(0) { $0 + $1.count } }

    public func update(note: MIDINote, centDifference: Cents) {
        data.addComparison(note: note, centDifference: centDifference)
    }

    public func update(with completed: CompletedComparison) {
        update(note: completed.comparison.referenceNote, centDifference: completed.presentedCentOffset)
    }

    public func update(with completed: CompletedPitchMatching) {
        data.pitchMatching.add(completed.userCentError)
    }

    public func update(with record: TrainingRecord) {
        data.add(record)
    }

    /// Replaces everything with the statistics of `records`, fed in order.
    public func rebuild<Records: Sequence>(from records: Records) where Records.Element == TrainingRecord {
        var rebuilt = ProfileData()
        for record in records { rebuilt.add(record) }
        data = rebuilt
    }

    public func reset() {
        data = ProfileData()
    }

    /// Takes everything `accumulator` gathered: one observable change for a whole history.
    public func replace(with accumulator: ProfileAccumulator) {
        data = accumulator.data
    }

    public func threshold(for note: MIDINote) -> NoteThreshold {
        let stats = data.notes[note.rawValue]
        return NoteThreshold(note: note, mean: Cents(stats.mean),
                             standardDeviation: Cents(stats.standardDeviation), count: stats.count)
    }

    /// One entry per note of `range`, trained or not, lowest first (the chart's x axis).
    public func thresholds(in range: ClosedRange<MIDINote>) -> [NoteThreshold] {
        range.notes.map(threshold(for:))
    }

    /// Mean and spread of the trained notes' thresholds in `range`; nil when none is trained.
    public func summary(in range: ClosedRange<MIDINote>) -> ProfileSummary? {
        let trained = thresholds(in: range).filter(\.isTrained)
        guard !trained.isEmpty else { return nil }
        let spread = WelfordAccumulator(trained.map(\.mean.value))
        return ProfileSummary(mean: Cents(spread.mean), standardDeviation: Cents(spread.standardDeviation),
                              trainedNoteCount: trained.count)
    }
}

extension PerceptualProfile: ComparisonObserver, PitchMatchingObserver {
    public func comparisonCompleted(_ completed: CompletedComparison) throws {
        update(with: completed)
    }

    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        update(with: completed)
    }
}
