import PeachCore

/// What the profile keeps for one pitch-matching discipline: the signed cent errors (bias and spread).
public struct PitchMatchingDisciplineStatistics: DisciplineStatistics {
    public private(set) var errors = PitchMatchingStatistics()

    public init() {}

    public var count: Int { errors.count }

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        guard let matching = record.as(PitchMatchingRecord.self) else { return }
        errors.add(matching.userCentError)
    }

    public mutating func settle() {}
}

extension PerceptualProfile {
    public func pitchMatching(in discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchMatchingStatistics {
        statistics(of: discipline, as: PitchMatchingDisciplineStatistics.self)?.errors ?? PitchMatchingStatistics()
    }

    /// Bias and spread of `discipline`'s pitch matches with 95 % intervals; nil before two attempts.
    public func pitchMatchingSummary(of discipline: TrainingDiscipline = .unisonPitchMatching) -> PitchMatchingSummary? {
        PitchMatchingSummary(pitchMatching(in: discipline).signedError)
    }
}
