import Foundation

/// Each step's likelihood in linear space, scaled by the step's own maximum over every pair and level (a constant
/// per step, the same for every component, so their evidence stays comparable).
struct LinearSteps {
    let likelihoods: [[Double]]
    let days: [Int]

    /// Only `pairs`' rows are filled (the others stay 0): an exp per level of a pair that carries no weight is
    /// most of a long history's cost. The first `reused` steps are taken from `earlier` (the same steps, pairs and
    /// grid, so the same scale), the rest computed.
    init(_ steps: [DriftingLevel.Step], levelCount n: Int, pairs: [Int]? = nil, reusing earlier: LinearSteps? = nil,
         reused: Int = 0) {
        days = steps.map(\.day)
        let kept = earlier.map { Array($0.likelihoods.prefix(reused)) } ?? []
        likelihoods = kept + steps.dropFirst(kept.count).map { step in
            guard let pairs else {
                let peak = step.logLikelihood.max() ?? 0
                return step.logLikelihood.map { exp($0 - peak) }
            }
            let peak = pairs.map { pair in step.logLikelihood[(pair * n)..<((pair + 1) * n)].max() ?? 0 }.max() ?? 0
            var linear = [Double](repeating: 0, count: step.logLikelihood.count)
            for pair in pairs {
                for level in (pair * n)..<((pair + 1) * n) { linear[level] = exp(step.logLikelihood[level] - peak) }
            }
            return linear
        }
    }

    var count: Int { days.count }
}

/// The random walk's transition between two steps, one per (rate, gap in days): steps a week apart move further
/// than steps a day apart. A break widens the walk (the level may have moved anywhere in the time nobody trained)
/// but carries a drift no further than `DriftingLevel.driftDays`: a trend is the training's, not the calendar's.
struct KernelCache {
    private var kernels: [Int: [Int: RegionChainSmoother.Kernel]] = [:]

    init(steps: [DriftingLevel.Step], grid: DriftingLevel.Grid) {
        let gaps = Set(zip(steps.dropFirst(), steps).map { $0.day - $1.day })
        for (rate, sd) in DriftingLevel.rates.enumerated() where DriftingLevel.moves(rate) {
            for gap in gaps {
                let days = Double(max(gap, 1))
                let variance = sd * sd * days + pow(DriftingLevel.breakSD, 2) * DriftingLevel.breakShare(days: days)
                let shift = DriftingLevel.drifts[rate] * min(days, DriftingLevel.driftDays)
                guard variance > 0 || shift != 0 else { continue }
                kernels[rate, default: [:]][gap] = RegionChainSmoother.Kernel(
                    stepSD: variance.squareRoot(), shift: shift,
                    logStep: grid.logStep, count: grid.levelCount)
            }
        }
    }

    /// Nil for rate 0: the level stays where it is.
    func kernel(rate: Int, gap: Int) -> RegionChainSmoother.Kernel? { kernels[rate]?[gap] }
}

/// One (rate, pair) component of `DriftingLevel`: its filtered messages (the level given the answers up to each
/// step, normalised) and its log evidence.
struct DriftComponent {
    let rate: Int
    let pair: Int
    var logWeight = 0.0
    /// Step-major, `levelCount` per step.
    private var alphas: [Double] = []
    /// The log evidence of the answers up to each step: where a later pass resumes (`filter(from:)`).
    private var logWeights: [Double] = []
    /// The start-and-now walks of the last `order(…)`, each start block's after step `through` (`DriftComponent+Order`).
    var walks: (through: Int, blocks: [BlockWalk])?

    /// Masses below this share of a step's peak are dropped.
    static let negligible = 1e-14

    init(rate: Int, pair: Int) {
        self.rate = rate
        self.pair = pair
    }

    /// The levels with mass at `step` (its filtered message's support).
    func support(step: Int, levelCount n: Int) -> ClosedRange<Int> {
        let base = step * n
        let low = (0..<n).first { alphas[base + $0] != 0 } ?? 0
        let high = (0..<n).last { alphas[base + $0] != 0 } ?? (n - 1)
        return low...max(low, high)
    }

    /// The forward pass: a flat start, then for each step the walk and the step's answers. From `start` on only:
    /// the steps before it are kept from the last pass (their answers and the walk between them have not changed),
    /// so a live answer on the latest day costs one step, not the whole history.
    mutating func filter(_ steps: LinearSteps, kernels: KernelCache, levelCount n: Int, from start: Int = 0) {
        let start = min(start, logWeights.count, steps.count)
        // Walks through a step that is filtered again walked its old answers.
        if let kept = walks, kept.through >= start { walks = nil }
        if start > 0, logWeights[start - 1] == -.infinity {
            logWeight = -.infinity
            return
        }
        alphas.removeSubrange((start * n)...)
        alphas += [Double](repeating: 0, count: (steps.count - start) * n)
        logWeights.removeSubrange(start...)
        logWeight = start > 0 ? logWeights[start - 1] : 0
        var message = start > 0 ? filtered(step: start - 1, levelCount: n) : [Double](repeating: 1 / Double(n), count: n)
        var spread = message
        for step in start..<steps.count {
            if step > 0, let kernel = kernels.kernel(rate: rate, gap: steps.days[step] - steps.days[step - 1]) {
                kernel.forward(message, into: &spread)
                swap(&message, &spread)
            }
            let likelihood = steps.likelihoods[step]
            let base = pair * n
            for level in 0..<n { message[level] *= likelihood[base + level] }
            let total = message.reduce(0, +)
            guard total > 0 else {
                logWeight = -.infinity
                logWeights += [Double](repeating: -.infinity, count: steps.count - step)
                return
            }
            // Levels this far below the peak can never matter; zero makes the next walk skip them.
            let floor = (message.max() ?? 0) / total * Self.negligible
            for level in 0..<n { message[level] = message[level] / total < floor ? 0 : message[level] / total }
            logWeight += log(total)
            logWeights.append(logWeight)
            for level in 0..<n { alphas[step * n + level] = message[level] }
        }
    }

    func filtered(step: Int, levelCount n: Int) -> [Double] {
        Array(alphas[(step * n)..<((step + 1) * n)])
    }

    /// The backward pass: each step's level given every answer (normalised).
    func smoothed(_ steps: LinearSteps, kernels: KernelCache, levelCount n: Int) -> [[Double]] {
        var result = [[Double]](repeating: [], count: steps.count)
        var backward = [Double](repeating: 1, count: n), product = backward
        for step in stride(from: steps.count - 1, through: 0, by: -1) {
            if step < steps.count - 1 {
                let likelihood = steps.likelihoods[step + 1]
                for level in 0..<n { product[level] = backward[level] * likelihood[pair * n + level] }
                if let kernel = kernels.kernel(rate: rate, gap: steps.days[step + 1] - steps.days[step]) {
                    kernel.backward(product, into: &backward, over: support(step: step, levelCount: n))
                } else {
                    swap(&backward, &product)
                }
                let total = backward.reduce(0, +)
                if total > 0 { for level in 0..<n { backward[level] /= total } }
            }
            var marginal = [Double](repeating: 0, count: n)
            for level in 0..<n { marginal[level] = alphas[step * n + level] * backward[level] }
            let total = marginal.reduce(0, +)
            if total > 0 { for level in 0..<n { marginal[level] /= total } }
            result[step] = marginal
        }
        return result
    }
}
