import Foundation

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
        guard estimate.trials > 0 else { return "no answers yet" + goal }
        let interval = String(format: "%.1f–%.1f c, ×%.1f", estimate.lower.value, estimate.upper.value,
                              estimate.intervalRatio)
        if stopRule.isReached(by: estimate) { return interval + ": done" }
        if estimate.trials >= stopRule.maximumTrials { return interval + ": cap of \(stopRule.maximumTrials) trials reached" }
        // An unbounded interval's ratio is the grid's, not the listener's: say so rather than show a huge factor.
        guard estimate.isConclusive else { return "interval not bounded yet" + goal }
        return interval + goal
    }

    private var goal: String {
        stopRule.precision.map { String(format: " (goal ×%.1f)", $0) } ?? ""
    }
}
