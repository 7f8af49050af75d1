/// The profile's raw statistics as a value, so a rebuild can fold the whole history locally
/// and publish it in one assignment instead of one observable mutation per record.
/// Kept per discipline, each in the statistics its records bring: an interval answer never lands in the
/// unison statistics, a tap never in a pitch statistic.
struct ProfileData: Sendable {
    var statistics: [TrainingDiscipline: any DisciplineStatistics] = [:]

    /// One record. `settled` false while a whole history is read (see `DisciplineStatistics.add`).
    mutating func add(_ record: TrainingRecord, settled: Bool) {
        // In place: the dictionary's element is mutated where it lives, never copied per record.
        statistics[record.discipline, default: type(of: record.base).makeStatistics()].add(record, settled: settled)
    }

    /// `discipline`'s progress over time; nil before its first trial and for disciplines without one.
    func progress(of discipline: TrainingDiscipline) -> DisciplineProgress? {
        (statistics[discipline] as? any ProgressStatistics)?.progressOverTime
    }

    /// Finishes what bulk adding left for later.
    mutating func settle() {
        for key in statistics.keys { statistics[key]?.settle() }
    }
}
