import Foundation
import PeachCore
import PeachText

/// Where a running threshold test's 95 % interval stands against its stop rule, in words for the screen and
/// plain mode: "4.1–9.8 c, ×2.4 (goal ×2.5)", "…: done" once reached, "…: cap reached" at the cap.
public struct ThresholdTestStanding: Hashable, Sendable {
    public var estimate: ThresholdEstimate
    public var stopRule: ThresholdTestStopRule

    public init(estimate: ThresholdEstimate, stopRule: ThresholdTestStopRule) {
        self.estimate = estimate
        self.stopRule = stopRule
    }

    public var text: String {
        guard estimate.trials > 0 else { return tr(.standingNoAnswers) + goal }
        let interval = tr(.standingInterval, ["lower": number(estimate.lower.value), "upper": number(estimate.upper.value),
                                              "ratio": number(estimate.intervalRatio)])
        if stopRule.isReached(by: estimate) { return interval + tr(.standingDone) }
        if estimate.trials >= stopRule.maximumTrials { return interval + tr(.standingCapReached, count: stopRule.maximumTrials) }
        // An unbounded interval's ratio is the grid's, not the listener's: say so rather than show a huge factor.
        guard estimate.isConclusive else { return tr(.standingNotBounded) + goal }
        return interval + goal
    }

    private var goal: String {
        stopRule.precision.map { tr(.standingGoal, ["precision": number($0)]) } ?? ""
    }

    private func number(_ value: Double) -> String { LocalizedNumber.decimal(value, places: 1) }
}
