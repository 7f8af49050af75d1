import Observation

/// What the user can hear and do, per discipline, in each discipline's own statistics.
/// Updated live as a record observer and rebuilt from the full history at launch. The core reads it through
/// capabilities (per-note difficulty, psychometric thresholds); each discipline adds typed accessors for its own.
@MainActor @Observable
public final class PerceptualProfile {
    private var data = ProfileData()

    public init() {}

    /// The disciplines with at least one trial, in `TrainingDiscipline.ordered` order.
    public var trainedDisciplines: [TrainingDiscipline] {
        data.statistics.filter { $0.value.count > 0 }.keys.sorted(by: TrainingDiscipline.ordered)
    }

    /// `discipline`'s statistics; nil before its first record.
    public func statistics(of discipline: TrainingDiscipline) -> (any DisciplineStatistics)? {
        data.statistics[discipline]
    }

    /// `discipline`'s statistics as its discipline's own type.
    public func statistics<Statistics: DisciplineStatistics>(of discipline: TrainingDiscipline,
                                                             as type: Statistics.Type) -> Statistics? {
        data.statistics[discipline] as? Statistics
    }

    /// Trials counted in `discipline` (0 before the first).
    public func count(in discipline: TrainingDiscipline) -> Int {
        data.statistics[discipline]?.count ?? 0
    }

    public func update(with record: TrainingRecord) {
        data.add(record, settled: true)
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
    /// nil before its first answer, and for disciplines without them.
    public func thresholds(of discipline: TrainingDiscipline) -> PooledThresholds? {
        (data.statistics[discipline] as? any PsychometricStatistics)?.pooledThresholds
    }

    /// Where `discipline`'s measurement trials are placed: its threshold now, per region (nil before its first answer
    /// and for disciplines without thresholds).
    public func placementLevel(of discipline: TrainingDiscipline) -> PlacementLevel? {
        (data.statistics[discipline] as? any PsychometricStatistics)?.placementLevel
    }

    /// The headline quantity per day or week and the stretches its trend compares; nil before `discipline`'s
    /// first trial and for disciplines without progress over time.
    public func progress(of discipline: TrainingDiscipline) -> DisciplineProgress? {
        data.progress(of: discipline)
    }

    /// Improving, stable or declining, from the intervals of the first and latest stretch with enough answers;
    /// nil until there are two such stretches.
    public func trend(of discipline: TrainingDiscipline) -> TrainingTrend? {
        progress(of: discipline)?.trend
    }

    public func threshold(for note: MIDINote, in discipline: TrainingDiscipline) -> NoteThreshold {
        (data.statistics[discipline] as? any NoteDifficultyStatistics)?.threshold(for: note)
            ?? NoteThreshold(note: note, mean: .zero, standardDeviation: .zero, count: 0)
    }

    /// One entry per note of `range`, trained or not, lowest first: the per-note difficulty the adaptive strategy
    /// ranks notes by. Internal to training: what users see is the fitted thresholds, never these means.
    public func thresholds(in range: ClosedRange<MIDINote>,
                           discipline: TrainingDiscipline) -> [NoteThreshold] {
        range.notes.map { threshold(for: $0, in: discipline) }
    }
}

extension PerceptualProfile: RecordObserver {
    public func recorded(_ record: TrainingRecord) throws {
        update(with: record)
    }
}
