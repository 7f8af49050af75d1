import Foundation

extension DriftComponent {
    /// Histories up to this many training days compare start and now by their joint; longer ones as if independent
    /// (over so many random-walk steps the two share little, and the joint costs a forward pass per start block).
    static let jointOrderSteps = 30
    /// Start levels are conditioned on in blocks of this many grid levels (a factor 1.23 on the threshold grid).
    static let startBlock = 3

    /// P(level now < level at the start) and P(>), from their joint given every answer: for each block B of start
    /// levels, p(start ∈ B, now | answers) is a forward pass from the start's filtered mass restricted to B; now is
    /// compared with the block's mass-weighted middle.
    func order(_ steps: LinearSteps, kernels: KernelCache, levelCount n: Int) -> LevelOrder {
        let start = filtered(step: 0, levelCount: n)
        var passes: [(middle: Double, logMass: Double, now: [Double])] = []
        for first in stride(from: 0, to: n, by: Self.startBlock) {
            let block = first..<min(first + Self.startBlock, n)
            let mass = block.reduce(0) { $0 + start[$1] }
            guard mass > 1e-9 else { continue }
            var message = [Double](repeating: 0, count: n)
            for level in block { message[level] = start[level] / mass }
            let middle = block.reduce(0) { $0 + Double($1) * start[$1] } / mass
            let (logScale, now) = walk(message, steps, kernels: kernels, levelCount: n)
            guard logScale > -.infinity else { continue }
            passes.append((middle, log(mass) + logScale, now))
        }
        let best = passes.map(\.logMass).max() ?? 0
        var order = LevelOrder(), total = 0.0
        for (middle, logMass, now) in passes {
            let weight = exp(logMass - best)
            total += weight
            let below = now.indices.reduce(0) { $0 + (Double($1) < middle ? now[$1] : 0) }
            order.lastBelow += weight * below
            order.lastAbove += weight * (1 - below)
        }
        guard total > 0 else { return order }
        order.lastBelow /= total
        order.lastAbove /= total
        return order
    }

    /// The answers after the first step, walked from `message` at the first: their log probability and the last
    /// step's level (normalised).
    private func walk(_ message: [Double], _ steps: LinearSteps, kernels: KernelCache,
                      levelCount n: Int) -> (logScale: Double, now: [Double]) {
        var message = message, spread = message
        var logScale = 0.0
        for step in 1..<steps.count {
            if let kernel = kernels.kernel(rate: rate, gap: steps.days[step] - steps.days[step - 1]) {
                kernel.forward(message, into: &spread)
                swap(&message, &spread)
            }
            let likelihood = steps.likelihoods[step]
            for index in 0..<n { message[index] *= likelihood[pair * n + index] }
            let total = message.reduce(0, +)
            guard total > 0 else { return (-.infinity, message) }
            for index in 0..<n { message[index] /= total }
            logScale += log(total)
        }
        return (logScale, message)
    }
}
