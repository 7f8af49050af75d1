import Foundation

/// What is known about a listener's slope and lapse rate before a threshold test: a probability for each
/// (λ, β) pair of a `ThresholdGrid`. Cold it is the grid's own prior (log10 β ~ Normal(log10 1.3, 0.25));
/// warm it is the shared-slope marginal of the user's pooled training (`PooledThresholds.slopePrior`), so a
/// trained user's test does not pay again for not knowing the slope. The threshold itself stays flat in ln T:
/// the test measures it afresh.
public struct SlopePrior: Sendable {
    /// ln of the (normalised) probability of each (lapse, slope) pair, in the grid's pair order.
    public let logPairWeights: [Double]
    /// The answers it was learned from (0 = the grid's prior alone).
    public let trials: Int

    /// The grid's own prior: what a user without training gets.
    public static func cold(grid: ThresholdGrid = .standard) -> SlopePrior {
        SlopePrior(logPairWeights: grid.logPairPrior, trials: 0)
    }

    /// From unnormalised ln weights per pair (e.g. prior × evidence); −∞ for an impossible pair.
    public init(logPairWeights unnormalised: [Double], trials: Int) {
        let peak = unnormalised.max() ?? 0
        let total = unnormalised.reduce(0) { $0 + exp($1 - peak) }
        logPairWeights = unnormalised.map { $0 - peak - log(total) }
        self.trials = trials
    }

    /// P(β = node) summed over the lapse nodes.
    public func slopeMarginal(grid: ThresholdGrid) -> [Double] {
        precondition(logPairWeights.count == grid.pairCount, "slope prior does not match the grid")
        var marginal = [Double](repeating: 0, count: grid.slopeCount)
        for pair in 0..<grid.pairCount { marginal[pair % grid.slopeCount] += exp(logPairWeights[pair]) }
        return marginal
    }

    /// P(λ = node) summed over the slopes: how much weight the answers left each lapse node.
    public func lapseMarginal(grid: ThresholdGrid) -> [Double] {
        precondition(logPairWeights.count == grid.pairCount, "slope prior does not match the grid")
        var marginal = [Double](repeating: 0, count: grid.lapseCount)
        for pair in 0..<grid.pairCount { marginal[pair / grid.slopeCount] += exp(logPairWeights[pair]) }
        return marginal
    }
}
