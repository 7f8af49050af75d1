import Foundation

extension DriftComponent {
    /// Histories up to this many training days compare start and now by their joint; longer ones as if independent
    /// (over so many random-walk steps the two share little, and the joint costs a forward pass per start block).
    static let jointOrderSteps = 30
    /// Start levels are conditioned on in blocks of this many grid levels (a factor 1.23 on the threshold grid).
    static let startBlock = 3

    /// One start block's walk as far as a solve took it: kept so that the next solve, when only the days after
    /// `through` changed (a live answer on the latest day), walks each block over those days alone.
    struct BlockWalk {
        var middle: Double
        var logMass: Double
        var logScale: Double
        var message: [Double]
    }

    /// P(level now < level at the start) and P(>), from their joint given every answer: for each block B of start
    /// levels, p(start ∈ B, now | answers) is a forward pass from the start's filtered mass restricted to B; now is
    /// compared with the block's mass-weighted middle. The steps before `unchanged` are the last solve's: the
    /// walks resume after the last of them that the kept walks reached (the result is the same as walking afresh).
    mutating func order(_ steps: LinearSteps, kernels: KernelCache, levelCount n: Int, unchanged: Int) -> LevelOrder {
        let last = steps.count - 1
        var blocks: [BlockWalk]
        var from: Int
        if let kept = walks, kept.through < unchanged, kept.through < last {
            (blocks, from) = (kept.blocks, kept.through + 1)
        } else {
            (blocks, from) = (startBlocks(levelCount: n), 1)
        }
        // Walked to the day before the last, kept there; then each block's last step, not kept (`from` ≤ `last`).
        var finals: [BlockWalk] = []
        for index in blocks.indices {
            blocks[index] = walk(blocks[index], steps, over: from..<last, kernels: kernels, levelCount: n)
            finals.append(walk(blocks[index], steps, over: last..<(last + 1), kernels: kernels, levelCount: n))
        }
        walks = (through: last - 1, blocks: blocks)
        return Self.order(of: finals)
    }

    /// The start's filtered mass, one walk per block of levels that holds any.
    private func startBlocks(levelCount n: Int) -> [BlockWalk] {
        let start = filtered(step: 0, levelCount: n)
        return stride(from: 0, to: n, by: Self.startBlock).compactMap { first in
            let block = first..<min(first + Self.startBlock, n)
            let mass = block.reduce(0) { $0 + start[$1] }
            guard mass > 1e-9 else { return nil }
            var message = [Double](repeating: 0, count: n)
            for level in block { message[level] = start[level] / mass }
            let middle = block.reduce(0) { $0 + Double($1) * start[$1] } / mass
            return BlockWalk(middle: middle, logMass: log(mass), logScale: 0, message: message)
        }
    }

    /// Now against each block's middle, the blocks weighted by their mass and their answers' probability.
    private static func order(of walks: [BlockWalk]) -> LevelOrder {
        let alive = walks.filter { $0.logScale > -.infinity }
        let best = alive.map { $0.logMass + $0.logScale }.max() ?? 0
        var order = LevelOrder(), total = 0.0
        for walk in alive {
            let weight = exp(walk.logMass + walk.logScale - best)
            total += weight
            let below = walk.message.indices.reduce(0) { $0 + share(below: walk.middle, level: $1) * walk.message[$1] }
            order.lastBelow += weight * below
            order.lastAbove += weight * (1 - below)
        }
        guard total > 0 else { return order }
        order.lastBelow /= total
        order.lastAbove /= total
        return order
    }

    /// How much of `level` lies below `middle`: a level at the middle itself (a block whose start mass sits on one
    /// level) is split evenly, as `LevelOrder` splits a tie. Counted wholly on one side, which side rested on the
    /// last bits of the sums, and a day's answers are summed in an order that differs from run to run.
    private static func share(below middle: Double, level: Int) -> Double {
        let distance = Double(level) - middle
        return abs(distance) < 1e-6 ? 0.5 : distance < 0 ? 1 : 0
    }

    /// `walk` taken on over `range` of the steps: each step's walk and answers, the message normalised and its scale
    /// added up. A walk whose answers became impossible stays at −∞.
    private func walk(_ walk: BlockWalk, _ steps: LinearSteps, over range: Range<Int>, kernels: KernelCache,
                      levelCount n: Int) -> BlockWalk {
        var walk = walk
        guard walk.logScale > -.infinity, !range.isEmpty else { return walk }
        var spread = walk.message
        for step in range {
            if let kernel = kernels.kernel(rate: rate, gap: steps.days[step] - steps.days[step - 1]) {
                kernel.forward(walk.message, into: &spread)
                swap(&walk.message, &spread)
            }
            let likelihood = steps.likelihoods[step]
            for index in 0..<n { walk.message[index] *= likelihood[pair * n + index] }
            let total = walk.message.reduce(0, +)
            guard total > 0 else {
                walk.logScale = -.infinity
                return walk
            }
            for index in 0..<n { walk.message[index] /= total }
            walk.logScale += log(total)
        }
        return walk
    }
}
