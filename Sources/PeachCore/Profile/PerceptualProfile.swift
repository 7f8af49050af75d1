import Observation

/// What the user can hear, per discipline: per-note discrimination thresholds and pitch-matching accuracy.
/// Updated live as an observer of every session and rebuilt from the full history at launch.
/// Comparisons count by |presented cent offset| (what the listener really heard) on the reference note.
@MainActor @Observable
public final class PerceptualProfile {
    private var data = ProfileData()

    public init() {}

    /// The disciplines with at least one trial, comparisons first, unisons first.
    public var trainedDisciplines: [TrainingDiscipline] {
        (Array(data.comparisons.keys) + Array(data.pitchMatchings.keys)).sorted { lhs, rhs in
            (lhs.kind == .comparison ? 0 : 1, lhs.interval.semitones, lhs.tuningSystem.rawValue)
                < (rhs.kind == .comparison ? 0 : 1, rhs.interval.semitones, rhs.tuningSystem.rawValue)
        }
    }

    public func pitchMatching(in discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchMatchingStatistics {
        data.pitchMatchings[discipline] ?? PitchMatchingStatistics()
    }

    /// Answered comparisons over all notes of `discipline`.
    public func comparisonCount(in discipline: TrainingDiscipline = .unisonComparison) -> Int {
        data.comparisons[discipline]?.reduce(0) { $0 + $1.count } ?? 0
    }

    /// A correct answer at `centDifference` on `note` (tests and tools; training goes through `update(with:)`).
    public func update(note: MIDINote, centDifference: Cents, in discipline: TrainingDiscipline = .unisonComparison) {
        data.add(.comparison(ComparisonRecord(timestamp: .now, referenceNote: note, targetNote: note,
                                              intendedCentOffset: centDifference, presentedCentOffset: centDifference,
                                              answeredHigher: centDifference.value > 0, isCorrect: true,
                                              interval: discipline.interval, tuningSystem: discipline.tuningSystem)))
    }

    public func update(with trial: CompletedTrial) {
        data.add(trial.record(outputName: nil))
    }

    public func update(with record: TrainingRecord) {
        data.add(record)
    }

    /// Replaces everything with the statistics of `records`, fed in order.
    public func rebuild<Records: Sequence>(from records: Records) where Records.Element == TrainingRecord {
        var gathered = ProfileAccumulator()
        for record in records { gathered.add(record) }
        replace(with: gathered)
    }

    public func reset() {
        data = ProfileData()
    }

    /// Takes everything `accumulator` gathered: one observable change for a whole history.
    public func replace(with accumulator: ProfileAccumulator) {
        data = accumulator.finished()
    }

    /// The psychometric thresholds of `discipline` (per keyboard region and overall, with 95 % intervals);
    /// nil before its first answer.
    public func thresholds(of discipline: TrainingDiscipline = .unisonComparison) -> PooledThresholds? {
        data.thresholds[discipline]
    }

    /// Bias and spread of `discipline`'s pitch matches with 95 % intervals; nil before two attempts.
    public func pitchMatchingSummary(of discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchMatchingSummary? {
        data.pitchMatchings[discipline].flatMap { PitchMatchingSummary($0.signedError) }
    }

    /// The threshold per day or week, for progress over time.
    public var progress: ThresholdProgress { data.progress }

    public func threshold(for note: MIDINote, in discipline: TrainingDiscipline = .unisonComparison) -> NoteThreshold {
        let stats = data.comparisons[discipline]?[note.rawValue] ?? WelfordAccumulator()
        return NoteThreshold(note: note, mean: Cents(stats.mean),
                             standardDeviation: Cents(stats.standardDeviation), count: stats.count)
    }

    /// One entry per note of `range`, trained or not, lowest first (the chart's x axis).
    public func thresholds(in range: ClosedRange<MIDINote>,
                           discipline: TrainingDiscipline = .unisonComparison) -> [NoteThreshold] {
        range.notes.map { threshold(for: $0, in: discipline) }
    }

    /// Mean and spread of the trained notes' thresholds in `range`; nil when none is trained.
    public func summary(in range: ClosedRange<MIDINote>,
                        discipline: TrainingDiscipline = .unisonComparison) -> ProfileSummary? {
        let trained = thresholds(in: range, discipline: discipline).filter(\.isTrained)
        guard !trained.isEmpty else { return nil }
        let spread = WelfordAccumulator(trained.map(\.mean.value))
        return ProfileSummary(mean: Cents(spread.mean), standardDeviation: Cents(spread.standardDeviation),
                              trainedNoteCount: trained.count)
    }
}

extension PerceptualProfile: TrainingObserver {
    public func trialCompleted(_ trial: CompletedTrial) throws {
        update(with: trial)
    }
}
