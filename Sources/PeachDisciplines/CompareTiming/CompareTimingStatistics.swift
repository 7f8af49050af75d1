import PeachCore

/// What the profile keeps for compare timing, per tempo range (40–59 … 160–200 BPM): the answers binned for
/// the 75 % threshold and for the bias, and the sixteenth notes they were heard in. Milliseconds throughout.
public struct CompareTimingStatistics: DisciplineStatistics {
    public struct Range: Sendable {
        var likelihood = ThresholdLikelihood()
        public private(set) var bias = TimingBias()
        var sixteenthsMilliseconds = 0.0

        public var answers: Int { bias.answers }

        /// The 75 % threshold with its interval; nil before the first answer.
        public var threshold: TimingThreshold? {
            guard answers > 0 else { return nil }
            return TimingThreshold(likelihood.posterior.estimate, interOnsetInterval: sixteenthsMilliseconds / Double(answers))
        }

        mutating func add(_ record: CompareTimingRecord) {
            likelihood.add(difference: Cents(record.offset.magnitude.value), correct: record.isCorrect)
            bias.add(offset: record.offset, answeredLate: record.answeredLate)
            sixteenthsMilliseconds += record.tempo.sixteenthMilliseconds
        }
    }

    public private(set) var ranges: [TempoRange: Range] = [:]
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        guard let timing = record.as(CompareTimingRecord.self) else { return }
        ranges[TempoRange.containing(timing.tempo), default: Range()].add(timing)
        count += 1
    }

    public mutating func settle() {}
}

extension PerceptualProfile {
    public var compareTiming: CompareTimingStatistics {
        statistics(of: .compareTiming, as: CompareTimingStatistics.self) ?? CompareTimingStatistics()
    }
}
