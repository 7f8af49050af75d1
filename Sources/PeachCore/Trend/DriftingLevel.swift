import Foundation

/// A quantity that moves through time (a threshold, a spread), tracked on a grid of its logarithm: from one time
/// step to the next, ln x takes a Gaussian random walk step of SD `rate · √(days between them)`. The rate is not
/// known: it is one of `rates`, weighted by its prior times its evidence (how well it explains the answers), so
/// the data decide how fast the user's hearing moves. Rate 0 is a quantity that never moves (the pool of every
/// answer), which a stationary listener's answers favour. Each step's evidence is a likelihood over (pair, level),
/// where a pair is a nuisance parameter shared by every step (a threshold's slope and lapse rate): each
/// (rate, pair) component is solved exactly by forward-backward on the grid, as the keyboard regions are
/// (`RegionChainSmoother`), and the components are mixed by their evidence. See docs/threshold-estimator.md.
public enum DriftingLevel {
    /// SD of ln x per √day: still, 2 %, 6 %, 18 % and 40 % a day (the fastest follows a threshold that falls from
    /// 20 to 8 cents in six days; without it "now" lags such a listener: docs/threshold-estimator.md), then 6 % a day
    /// drifting 6 % a day down or up: a walk alone expects tomorrow where today is, so "now" lags a listener who
    /// improves or declines steadily (5 → 15 c over four weeks was covered in 35 of 40 simulated histories; with the
    /// drifting pair, 39).
    /// Then still between breaks: a level that stays where it is while the listener trains and may be anywhere
    /// else after weeks away (`breakSD`). Last, 6 % a day drifting 15 % a day down or up: a fast learner (40 → 8 c
    /// in two weeks) moves twice as fast as the slow drift, so only the 40 % walk followed them, and "now" on a day
    /// of 25 answers was as wide as that walk (1.21 × the truth, 3 of 400 histories wider than ×10; with the fast
    /// pair, 1.10 × and 1).
    public static let rates: [Double] = [0, 0.02, 0.06, 0.18, 0.4, 0.06, 0.06, 0, 0.06, 0.06]
    /// Each rate's drift of ln x per day (0: a pure walk).
    public static let drifts: [Double] = [0, 0, 0, 0, 0, -0.06, 0.06, 0, -0.15, 0.15]
    /// The rate that moves only at breaks. Over a history without a break it would be the still rate again: it is
    /// left out and still takes its prior (the two share still's half).
    static let stillBetweenBreaks = 7
    /// The most days a drift is carried across: a gap longer than this is a break, and a listener who trained
    /// steadily better before three weeks away is not taken to have gone on improving through them (the break
    /// adds the walk's uncertainty instead). The four original hearing-now listeners train with shorter gaps.
    public static let driftDays = 7.0
    /// SD of ln x that a break adds to every moving rate's walk, in full from `breakFull` days on: a musician who
    /// comes back from weeks away may hear better or worse than the days before it said, by more than a steady
    /// day-to-day walk allows (a step after a three-week break, a decline after a layoff: docs/threshold-estimator.md).
    /// 1 rather than 0.5: at 0.5 "now" after a decline from 6 to 14 c over a two-month layoff was shrunk towards the
    /// days before it (0.85 × the truth, 2 of 100 histories inconclusive; with 1 and `stillBetweenBreaks`, 0.88 and
    /// none). The still rate stays still: made to jump at breaks too, it took the weight of real changes and the
    /// trend words lost them; `stillBetweenBreaks` is that jump, counted as a change.
    public static let breakSD = 1.0
    static let breakStart = 4.0
    static let breakFull = 18.0

    /// How much of `breakSD` a gap of `days` adds: none up to `breakStart` days (a habit's gaps), all from `breakFull`.
    static func breakShare(days: Double) -> Double {
        min(max((days - breakStart) / (breakFull - breakStart), 0), 1)
    }

    /// Half the prior on "does not move" (still, and still between breaks), so a listener's answers must show a
    /// change before it is reported; the other half shared by the moving rates, less for the drifting pairs (a
    /// stationary listener's "now" widens with their weight: 3 % each for the slow pair keeps it within 1.3 times
    /// the pool's width, 1 % each for the fast one, which only a fast learner's answers favour).
    public static let ratePrior: [Double] = [0.3, 0.105, 0.105, 0.105, 0.105, 0.03, 0.03, 0.2, 0.01, 0.01]

    /// Whether the level may move under rate `index` (at a break, for `stillBetweenBreaks`).
    static func moves(_ index: Int) -> Bool { rates[index] > 0 || drifts[index] != 0 || index == stillBetweenBreaks }

    /// The rates of a timeline with (without) a break, and the prior of each: without one, still between breaks is
    /// still, so it is not solved twice.
    static func motions(breaks: Bool) -> [Int] { rates.indices.filter { breaks || $0 != stillBetweenBreaks } }
    static func prior(of rate: Int, breaks: Bool) -> Double {
        rate == 0 && !breaks ? ratePrior[0] + ratePrior[stillBetweenBreaks] : ratePrior[rate]
    }

    /// Whether any gap between consecutive training days (oldest first) is long enough to be a break.
    static func hasBreak(_ days: [Int]) -> Bool {
        zip(days.dropFirst(), days).contains { breakShare(days: Double($0 - $1)) > 0 }
    }

    /// The grid every step's likelihood is given on: `levelCount` levels `logStep` apart in ln x, per pair.
    public struct Grid: Sendable {
        public var levelCount: Int
        public var logStep: Double
        /// ln prior of each pair (one pair, `[0]`, where there is no nuisance parameter).
        public var logPairPrior: [Double]

        public init(levelCount: Int, logStep: Double, logPairPrior: [Double] = [0]) {
            self.levelCount = levelCount
            self.logStep = logStep
            self.logPairPrior = logPairPrior
        }
    }

    /// One time step's answers: its day (UTC day index) and their log-likelihood, pair-major
    /// (`pair * levelCount + level`).
    public struct Step: Sendable {
        public var day: Int
        public var logLikelihood: [Double]

        public init(day: Int, logLikelihood: [Double]) {
            self.day = day
            self.logLikelihood = logLikelihood
        }
    }

    public struct Solution: Sendable {
        /// The level's masses at the last step given every answer (sum 1): where the user is now.
        public var now: [Double]
        /// Per step, the level's masses given every answer, before and after it (sum 1 each).
        public var path: [[Double]]
        /// Posterior weight of each of `rates` (sum 1).
        public var rateWeights: [Double]
        /// How sure the model is, given that the level moves at all, that the level at the last step is below
        /// (above) the first step's.
        public var probabilityLower: Double
        public var probabilityHigher: Double
    }

    /// What one solve leaves for the next over the same timeline: each step's linear likelihood and each component's
    /// forward pass. Valid for the same pairs and grid; the caller says how many leading steps are unchanged.
    public struct Cache: Sendable {
        var pairs: [Int] = []
        var levelCount = 0
        var linear: LinearSteps?
        var components: [DriftComponent] = []
        /// Whether the timeline had a break (and so still between breaks among its components).
        var breaks = false

        public init() {}

        init(pairs: [Int], levelCount: Int, linear: LinearSteps, components: [DriftComponent], breaks: Bool) {
            self.pairs = pairs
            self.levelCount = levelCount
            self.linear = linear
            self.components = components
            self.breaks = breaks
        }
    }

    /// Solves the model over `steps` (oldest first, at least one) for the pairs in `pairs` (indices into
    /// `grid.logPairPrior`; pairs left out are taken to have no weight).
    public static func solve(_ steps: [Step], pairs: [Int], grid: Grid) -> Solution {
        var cache = Cache()
        return solve(steps, pairs: pairs, grid: grid, cache: &cache, unchanged: 0)
    }

    /// The same, resuming from `cache`: the first `unchanged` steps are the ones it was last solved with (their days
    /// and answers), so their linear likelihoods and every component's forward pass through them are kept and only
    /// the later steps are filtered. The result is the same as a fresh solve's.
    public static func solve(_ steps: [Step], pairs: [Int], grid: Grid, cache: inout Cache, unchanged: Int) -> Solution {
        let filtered = filter(steps, pairs: pairs, grid: grid, cache: &cache, unchanged: unchanged)
        var components = filtered.components
        // A moving component's start and now are compared by their joint where it carries weight (and the history
        // is short enough for it); its walks are kept in the cache, so a live answer walks only its own day.
        var orders = [LevelOrder?](repeating: nil, count: components.count)
        for index in components.indices where moves(components[index].rate) && filtered.linear.count > 1
            && filtered.linear.count <= DriftComponent.jointOrderSteps && filtered.weights[index] > 1e-3 {
            orders[index] = components[index].order(filtered.linear, kernels: filtered.kernels,
                                                    levelCount: grid.levelCount, unchanged: filtered.start)
        }
        cache.components = components
        return mix(components, weights: filtered.weights, orders: orders, linear: filtered.linear,
                   kernels: filtered.kernels, levelCount: grid.levelCount)
    }

    /// Only the level at the last step given every answer (`Solution.now`), from the forward passes alone: no path,
    /// no trend. It resumes from `cache` and leaves it for the next solve of either kind (the start-and-now walks
    /// it does not take stay where the last full solve left them, and resume from there).
    public static func now(_ steps: [Step], pairs: [Int], grid: Grid, cache: inout Cache, unchanged: Int) -> [Double] {
        let filtered = filter(steps, pairs: pairs, grid: grid, cache: &cache, unchanged: unchanged)
        var now = [Double](repeating: 0, count: grid.levelCount)
        for (component, weight) in zip(filtered.components, filtered.weights) where weight > 1e-9 {
            addLast(of: component, weight: weight, steps: filtered.linear.count, to: &now)
        }
        return now
    }

    /// Adds `component`'s filtered level at the last of `steps`, times `weight`, to `now`; returns that level.
    @discardableResult
    private static func addLast(of component: DriftComponent, weight: Double, steps: Int, to now: inout [Double]) -> [Double] {
        let last = component.filtered(step: steps - 1, levelCount: now.count)
        for level in now.indices { now[level] += weight * last[level] }
        return last
    }

    /// Every component's forward pass over `steps` (resumed from `cache` after its first `unchanged` steps) and the
    /// components' posterior weights; the cache is left holding them.
    private static func filter(_ steps: [Step], pairs: [Int], grid: Grid, cache: inout Cache, unchanged: Int)
        -> (components: [DriftComponent], weights: [Double], linear: LinearSteps, kernels: KernelCache, start: Int) {
        precondition(!steps.isEmpty && !pairs.isEmpty, "a timeline needs a step and a pair")
        let breaks = hasBreak(steps.map(\.day))
        let active = motions(breaks: breaks)
        let reusable = cache.pairs == pairs && cache.levelCount == grid.levelCount && cache.linear != nil
            && cache.breaks == breaks && cache.components.count == active.count * pairs.count
        let start = reusable ? min(unchanged, steps.count, cache.linear?.count ?? 0) : 0
        let linear = LinearSteps(steps, levelCount: grid.levelCount, pairs: pairs, reusing: cache.linear, reused: start)
        let kernels = KernelCache(steps: steps, grid: grid)
        var components = reusable ? cache.components
            : active.flatMap { rate in pairs.map { DriftComponent(rate: rate, pair: $0) } }
        for index in components.indices {
            components[index].filter(linear, kernels: kernels, levelCount: grid.levelCount, from: start)
        }
        let logWeights = components.map {
            $0.logWeight + log(prior(of: $0.rate, breaks: breaks)) + grid.logPairPrior[$0.pair]
        }
        let best = logWeights.max() ?? 0
        let weights = logWeights.map { exp($0 - best) }
        let total = weights.reduce(0, +)
        cache = Cache(pairs: pairs, levelCount: grid.levelCount, linear: linear, components: components, breaks: breaks)
        return (components, weights.map { $0 / total }, linear, kernels, start)
    }

    /// The mixture of the components' marginals, for the components that carry weight.
    private static func mix(_ components: [DriftComponent], weights: [Double], orders: [LevelOrder?], linear: LinearSteps,
                            kernels: KernelCache, levelCount n: Int) -> Solution {
        let count = linear.count
        var now = [Double](repeating: 0, count: n)
        var path = [[Double]](repeating: [Double](repeating: 0, count: n), count: count)
        var rateWeights = [Double](repeating: 0, count: rates.count)
        var lower = 0.0, higher = 0.0
        for (index, (component, weight)) in zip(components, weights).enumerated() {
            rateWeights[component.rate] += weight
            guard weight > 1e-9 else { continue }
            let smoothed = component.smoothed(linear, kernels: kernels, levelCount: n)
            for step in 0..<count {
                for level in 0..<n { path[step][level] += weight * smoothed[step][level] }
            }
            let last = addLast(of: component, weight: weight, steps: count, to: &now)
            // A still component's level never changes; a moving one's start and now are compared by their joint
            // (`orders`, where it carries weight), else as if independent (which overstates the spread of their
            // difference: they share the answers between them).
            guard moves(component.rate), count > 1 else { continue }
            let order = orders[index] ?? LevelOrder(first: smoothed[0], last: last)
            lower += weight * order.lastBelow
            higher += weight * order.lastAbove
        }
        // Given that the level moves at all: "still" says now equals the start and so takes no side, and with the
        // slope unknown a still level with a shallow slope explains a real change nearly as well.
        let moving = 1 - rateWeights[0]
        return Solution(now: now, path: path, rateWeights: rateWeights, probabilityLower: moving > 0 ? lower / moving : 0,
                        probabilityHigher: moving > 0 ? higher / moving : 0)
    }
}

/// How two independent level distributions are ordered: P(last < first) and P(last > first).
struct LevelOrder {
    var lastBelow = 0.0
    var lastAbove = 0.0

    init() {}

    init(first: [Double], last: [Double]) {
        var firstBelow = 0.0  // mass of `first` under the current level
        let total = first.reduce(0, +)
        for level in first.indices {
            let firstAbove = total - firstBelow - first[level]
            lastBelow += last[level] * (firstAbove + first[level] / 2)
            lastAbove += last[level] * (firstBelow + first[level] / 2)
            firstBelow += first[level]
        }
        // Ties (same cell) were split evenly above: the model's levels are continuous within a cell.
    }
}
