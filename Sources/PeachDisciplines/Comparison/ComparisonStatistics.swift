import PeachCore

/// What the profile keeps for one comparison discipline: per note the mean |presented difference| answered
/// there (the adaptive strategy's difficulty), the psychometric thresholds with 95 % intervals, and the
/// answers by day for progress. Cents throughout.
public struct ComparisonStatistics: DisciplineStatistics, NoteDifficultyStatistics, PsychometricStatistics,
    ProgressStatistics {
    private var notes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: MIDINote.validRange.count)
    public private(set) var pooledThresholds: PooledThresholds?
    /// Made with the first answer, on the comparisons' grid (`grid`), as the pool is.
    private var progress: ThresholdProgress?
    public private(set) var count = 0
    /// What each answer's presented difference rests on: the profile says how many were never measured.
    public private(set) var pitchBases = PitchBasisTally()
    /// Answers read in bulk, counted as they come and added by `settle()`: one posterior update per bin.
    private var pending = ThresholdTrialCounts()

    public init() {}

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        guard let comparison = record.as(ComparisonRecord.self) else { return }
        notes[comparison.referenceNote.rawValue].add(abs(comparison.presentedCentOffset.value))
        count += 1
        pitchBases.add(comparison.pitchBasis)
        let trial = ThresholdTrial(comparison)
        if progress == nil { progress = ThresholdProgress(grid: Self.grid) }
        progress?.add(trial, at: comparison.timestamp)
        if settled {
            pooledThresholds = pooledThresholds ?? PooledThresholds(grid: Self.grid)
            pooledThresholds?.add(trial)
            progress?.refresh()
        } else {
            pending.add(trial)
        }
    }

    public var progressOverTime: DisciplineProgress? { progress?.summary }

    /// Every comparison discipline's training plays lapse probes (`MeasurementTrialPlanner`), whose answers can earn
    /// a heavy lapse rate, so every one is followed on the grid with the heavy lapse node.
    public static let grid = ThresholdGrid.lapseProbed

    public var placementLevel: PlacementLevel? {
        pooledThresholds.flatMap { PlacementLevel(pooled: $0, now: progress?.nowMasses) }
    }

    public mutating func settle() {
        progress?.refresh()
        guard !pending.isEmpty else { return }
        pooledThresholds = pooledThresholds ?? PooledThresholds(grid: Self.grid)
        pooledThresholds?.add(pending)
        pending = ThresholdTrialCounts()
    }

    public func threshold(for note: MIDINote) -> NoteThreshold {
        let stats = notes[note.rawValue]
        return NoteThreshold(note: note, mean: Cents(stats.mean), standardDeviation: Cents(stats.standardDeviation),
                             count: stats.count)
    }
}

extension PerceptualProfile {
    /// Answered comparisons over all notes of `discipline`.
    public func comparisonCount(in discipline: TrainingDiscipline = .unisonComparison) -> Int {
        count(in: discipline)
    }

    /// What the presented differences of `discipline`'s answers rest on.
    public func comparisonPitchBases(in discipline: TrainingDiscipline = .unisonComparison) -> PitchBasisTally {
        statistics(of: discipline, as: ComparisonStatistics.self)?.pitchBases ?? PitchBasisTally()
    }
}
