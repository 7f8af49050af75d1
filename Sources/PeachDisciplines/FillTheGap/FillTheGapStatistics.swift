import PeachCore

/// What the profile keeps for fill the gap, per tempo range: the trials' mean offsets (the tapping bias and its
/// trial-to-trial spread, in milliseconds), per gap position, and the hit rate where it is known; and the spread
/// over time (every tempo range together).
public struct FillTheGapStatistics: DisciplineStatistics, ProgressStatistics {
    public struct Range: Sendable {
        public private(set) var trialMeans = SignedErrorStatistics<Milliseconds>()
        public private(set) var byPosition = [SignedErrorStatistics<Milliseconds>](
            repeating: SignedErrorStatistics<Milliseconds>(), count: FillTheGapRecord.positions)
        public private(set) var hits = 0
        public private(set) var gaps = 0
        public private(set) var trials = 0

        /// Bias (mean of the trials' mean offsets) and trial-to-trial spread, with 95 % intervals; nil before two.
        public var summary: SignedErrorSummary<Milliseconds>? { SignedErrorSummary(trialMeans.signedError) }
        public var hitRate: Double? { gaps > 0 ? Double(hits) / Double(gaps) : nil }

        mutating func add(_ record: FillTheGapRecord) {
            trials += 1
            if let mean = record.meanOffset { trialMeans.add(mean) }
            for (position, offset) in record.meanOffsetByPosition.enumerated() {
                if let offset { byPosition[position].add(offset) }
            }
            if let hits = record.hits, let gaps = record.gaps {
                self.hits += hits
                self.gaps += gaps
            }
        }
    }

    public private(set) var ranges: [TempoRange: Range] = [:]
    public private(set) var count = 0
    /// Trials whose every hit had its tap source's calibrated latency taken off.
    public private(set) var correctedCount = 0
    private var progress = SignedErrorProgress()

    public init() {}

    public var progressOverTime: DisciplineProgress? { progress.summary }

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        guard let trial = record.as(FillTheGapRecord.self) else { return }
        ranges[TempoRange.containing(trial.tempo), default: Range()].add(trial)
        count += 1
        if trial.latencyCorrected { correctedCount += 1 }
        if let mean = trial.meanOffset { progress.add(mean.value, at: trial.timestamp) }
    }

    public mutating func settle() {}
}

extension PerceptualProfile {
    public var fillTheGap: FillTheGapStatistics {
        statistics(of: .fillTheGap, as: FillTheGapStatistics.self) ?? FillTheGapStatistics()
    }
}
