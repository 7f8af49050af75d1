import Foundation

/// The result of one finished threshold test: not a trial (its comparisons are stored as ordinary
/// comparison records). The threshold-test discipline stores it as its record.
public struct ThresholdTestResult: Hashable, Sendable, Codable, TrainingOutcome {
    public var timestamp: Date
    /// The notes the test drew its reference notes from.
    public var noteRange: ClosedRange<MIDINote>
    public var trials: Int
    /// The 75 % threshold (posterior median) and its 95 % credible interval.
    public var median: Cents
    public var lower: Cents
    public var upper: Cents
    /// False when the data do not bound the threshold ("not enough data", see `ThresholdEstimate`).
    public var isConclusive: Bool
    /// How the test ended and began; nil for results recorded before these were stored (unknown, not false).
    public var conduct: ThresholdTestConduct?

    public init(timestamp: Date, noteRange: ClosedRange<MIDINote>, trials: Int, median: Cents, lower: Cents,
                upper: Cents, isConclusive: Bool, conduct: ThresholdTestConduct? = nil) {
        self.timestamp = timestamp
        self.noteRange = noteRange
        self.trials = trials
        self.median = median
        self.lower = lower
        self.upper = upper
        self.isConclusive = isConclusive
        self.conduct = conduct
    }

    public init(timestamp: Date, noteRange: ClosedRange<MIDINote>, estimate: ThresholdEstimate,
                conduct: ThresholdTestConduct? = nil) {
        self.init(timestamp: timestamp, noteRange: noteRange, trials: estimate.trials, median: estimate.median,
                  lower: estimate.lower, upper: estimate.upper, isConclusive: estimate.isConclusive, conduct: conduct)
    }

    public var estimate: ThresholdEstimate {
        ThresholdEstimate(median: median, lower: lower, upper: upper, trials: trials, isConclusive: isConclusive)
    }

    /// "75 % threshold around C2–C6: 6.3 cents (95 %: 4.9–8.1, ×1.7) after 87 trials; precision ×2.5 reached;
    /// started from the slope learned in training".
    public var summary: String {
        let range = "\(noteRange.lowerBound.name)–\(noteRange.upperBound.name)"
        // The ratio is what the test ran to; results from before the precision existed read as they always did.
        let ratio = conduct == nil ? "" : String(format: ", ×%.1f", estimate.intervalRatio)
        let numbers = String(format: "%.1f cents (95 %%: %.1f–%.1f", median.value, lower.value, upper.value) + ratio + ")"
        let verdict = isConclusive ? "" : " — not enough data for a firm figure"
        let how = conduct.map { "; " + $0.summary } ?? ""
        return "75 % threshold around \(range): \(numbers) after \(trials) trials\(verdict)\(how)"
    }
}

/// How a threshold test was run: the precision it aimed at, whether it got there (or the cap stopped it),
/// and whether it started from the slope learned in training or cold.
public struct ThresholdTestConduct: Hashable, Sendable, Codable {
    /// The interval ratio (upper / lower) the test ran to.
    public var precision: Double
    public var reachedPrecision: Bool
    public var startedFromTrainedSlope: Bool

    public init(precision: Double, reachedPrecision: Bool, startedFromTrainedSlope: Bool) {
        self.precision = precision
        self.reachedPrecision = reachedPrecision
        self.startedFromTrainedSlope = startedFromTrainedSlope
    }

    /// "precision ×2.5 reached; started from the slope learned in training".
    public var summary: String {
        let goal = String(format: "precision ×%.1f", precision)
        let end = reachedPrecision ? "\(goal) reached" : "\(goal) not reached (stopped at the trial cap)"
        let start = startedFromTrainedSlope ? "started from the slope learned in training"
            : "started cold (no trained slope yet)"
        return "\(end); \(start)"
    }
}
