import PeachCore

/// What the profile keeps for one pitch-matching discipline: the signed cent errors (bias and spread), and their
/// spread per day for progress.
public struct PitchMatchingDisciplineStatistics: DisciplineStatistics, ProgressStatistics {
    public private(set) var errors = PitchMatchingStatistics()
    private var progress = SignedErrorProgress()
    /// What the pitch each error was measured from rests on: the profile says how many were never measured.
    public private(set) var pitchBases = PitchBasisTally()

    public init() {}

    public var count: Int { errors.count }

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        guard let matching = record.as(PitchMatchingRecord.self) else { return }
        errors.add(matching.userCentError)
        pitchBases.add(matching.pitchBasis)
        progress.add(matching.userCentError.value, at: matching.timestamp)
    }

    public var progressOverTime: DisciplineProgress? { progress.summary }

    public mutating func settle() {}
}

extension PerceptualProfile {
    public func pitchMatching(in discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchMatchingStatistics {
        statistics(of: discipline, as: PitchMatchingDisciplineStatistics.self)?.errors ?? PitchMatchingStatistics()
    }

    /// What the pitches of `discipline`'s attempts rest on.
    public func pitchMatchingPitchBases(in discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchBasisTally {
        statistics(of: discipline, as: PitchMatchingDisciplineStatistics.self)?.pitchBases ?? PitchBasisTally()
    }

    /// Bias and spread of `discipline`'s pitch matches with 95 % intervals; nil before two attempts.
    public func pitchMatchingSummary(of discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchMatchingSummary? {
        PitchMatchingSummary(pitchMatching(in: discipline).signedError)
    }
}

/// Pitch matching's statistics: signed cent errors.
public typealias PitchMatchingStatistics = SignedErrorStatistics<Cents>

/// Pitch matching's summary: bias and spread in cents.
public typealias PitchMatchingSummary = SignedErrorSummary<Cents>
