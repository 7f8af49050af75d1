import Foundation
import PeachText

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

    public init(timestamp: Date, noteRange: ClosedRange<MIDINote>, trials: Int, median: Cents, lower: Cents,
                upper: Cents, isConclusive: Bool) {
        self.timestamp = timestamp
        self.noteRange = noteRange
        self.trials = trials
        self.median = median
        self.lower = lower
        self.upper = upper
        self.isConclusive = isConclusive
    }

    public init(timestamp: Date, noteRange: ClosedRange<MIDINote>, estimate: ThresholdEstimate) {
        self.init(timestamp: timestamp, noteRange: noteRange, trials: estimate.trials, median: estimate.median,
                  lower: estimate.lower, upper: estimate.upper, isConclusive: estimate.isConclusive)
    }

    public var estimate: ThresholdEstimate {
        ThresholdEstimate(median: median, lower: lower, upper: upper, trials: trials, isConclusive: isConclusive)
    }

    /// "75 % threshold around C2–C6: 6.3 cents (95 %: 4.9–8.1) after 60 trials".
    public var summary: String {
        let range = "\(noteRange.lowerBound.name)–\(noteRange.upperBound.name)"
        func number(_ value: Double) -> String { LocalizedNumber.decimal(value, places: 1) }
        return tr(.thresholdTestSummary, ["range": range, "median": number(median.value), "lower": number(lower.value),
                                          "upper": number(upper.value), "trials": "\(trials)"])
            + (isConclusive ? "" : tr(.thresholdTestInconclusive))
    }
}
