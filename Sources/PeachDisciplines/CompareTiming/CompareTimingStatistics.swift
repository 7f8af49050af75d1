import PeachCore

/// What the profile keeps for compare timing, per tempo range (40–59 … 160–200 BPM): the answers binned for
/// the 75 % threshold and for the bias, and the sixteenth notes they were heard in; and the threshold over time
/// (every tempo range together: a trend per range would rarely have the answers for one). Milliseconds throughout
/// (the threshold grid is unit-free; it carries milliseconds in its `Cents` values).
public struct CompareTimingStatistics: DisciplineStatistics, ProgressStatistics {
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
    /// Answers played on a coarse queue (`QueueWakeUps.coarsePeriod`), and the coarsest period among them.
    public private(set) var coarseAnswers = 0
    public private(set) var coarsestPeriod: Milliseconds?
    private var progress = ThresholdProgress()

    public init() {}

    public var progressOverTime: DisciplineProgress? { progress.summary }

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        guard let timing = record.as(CompareTimingRecord.self) else { return }
        ranges[TempoRange.containing(timing.tempo), default: Range()].add(timing)
        count += 1
        if let period = timing.queuePeriod, QueueWakeUps.isCoarse(period) {
            coarseAnswers += 1
            coarsestPeriod = Milliseconds(max(period.value, coarsestPeriod?.value ?? 0))
        }
        progress.add(ThresholdTrial(note: MIDINote(60)!, difference: Cents(timing.offset.magnitude.value), correct: timing.isCorrect),
                     at: timing.timestamp)
        if settled { progress.refresh() }
    }

    public mutating func settle() {
        progress.refresh()
    }
}

extension PerceptualProfile {
    public var compareTiming: CompareTimingStatistics {
        statistics(of: .compareTiming, as: CompareTimingStatistics.self) ?? CompareTimingStatistics()
    }
}
