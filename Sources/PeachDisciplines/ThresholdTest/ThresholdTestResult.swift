import Foundation
import PeachCore
import PeachText

/// The result of one finished threshold test: not a trial (its comparisons are stored as ordinary
/// comparison records). The threshold-test discipline stores it as its record.
public struct ThresholdTestResult: Hashable, Sendable, Codable, TrainingOutcome {
    public var recordKind: DisciplineKind { .thresholdTest }
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
        func number(_ value: Double) -> String { LocalizedNumber.decimal(value, places: 1) }
        // The ratio is what the test ran to; results from before the precision existed read as they always did.
        let ratio = conduct == nil ? "" : ", ×" + number(estimate.intervalRatio)
        return tr(.thresholdTestSummary, count: trials, ["range": range, "median": number(median.value), "lower": number(lower.value),
                                                         "upper": number(upper.value), "ratio": ratio])
            + (isConclusive ? "" : tr(.thresholdTestInconclusive)) + (conduct.map { "; " + $0.summary } ?? "")
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
        let goal = ["precision": LocalizedNumber.decimal(precision, places: 1)]
        let end = tr(reachedPrecision ? .thresholdTestPrecisionReached : .thresholdTestPrecisionNotReached, goal)
        return end + "; " + tr(startedFromTrainedSlope ? .thresholdTestStartedTrained : .thresholdTestStartedCold)
    }
}
