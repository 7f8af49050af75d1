/// What a statistic is about: one kind of trial, and for pitch disciplines one interval in one tuning system.
/// Profiles, trends and thresholds are kept per discipline, so a unison comparison profile never sees an
/// interval answer. Disciplines without an interval (timing) keep the unison defaults.
public struct TrainingDiscipline: Hashable, Sendable, CustomStringConvertible {
    public var kind: DisciplineKind
    public var interval: Interval
    /// Always `.equalTemperament` for a unison: both systems tune it identically, so it is one discipline.
    public var tuningSystem: TuningSystem

    public init(_ kind: DisciplineKind, interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament) {
        self.kind = kind
        self.interval = interval
        self.tuningSystem = interval == .perfectUnison ? .equalTemperament : tuningSystem
    }

    public var isUnison: Bool { interval == .perfectUnison }

    /// "unison comparison", "P5 comparison, just intonation".
    public var description: String {
        guard !isUnison else { return "unison \(kind.name)" }
        return "\(interval.abbreviation) \(kind.name), \(tuningSystem.name)"
    }

    /// A stable order for lists: by kind, then interval size, then tuning system.
    public static func ordered(_ lhs: TrainingDiscipline, _ rhs: TrainingDiscipline) -> Bool {
        (lhs.kind.rawValue, lhs.interval.semitones, lhs.tuningSystem.listOrder)
            < (rhs.kind.rawValue, rhs.interval.semitones, rhs.tuningSystem.listOrder)
    }
}
