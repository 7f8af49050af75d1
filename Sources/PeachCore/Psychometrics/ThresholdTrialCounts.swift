/// Answers counted per keyboard region and lattice difference, not yet in any likelihood: a whole history is
/// counted as it streams in (an index and an increment per answer), then `PooledThresholds.add(_:)` adds each
/// non-empty bin to its region's likelihood in one step. So the per-answer work is cheap and done as the
/// records arrive (at launch, on the thread that folds them while the log is still read), and what is left
/// for the end is one update per bin, however many answers.
public struct ThresholdTrialCounts: Sendable {
    public let grid: ThresholdGrid
    public let regionWidth: Int
    /// Per region (index = region), correct and wrong counts per lattice index: [2·i] correct, [2·i + 1] wrong.
    /// Empty for a region without answers.
    private(set) var bins: [[Int32]] = []
    public private(set) var count = 0
    private let latticeOffset: Int
    private let latticeSize: Int

    public init(grid: ThresholdGrid = .standard, regionWidth: Int = PooledThresholds.defaultRegionWidth) {
        precondition(regionWidth >= 1, "a region holds at least one note")
        self.grid = grid
        self.regionWidth = regionWidth
        latticeOffset = -grid.latticeRange.lowerBound
        latticeSize = grid.latticeRange.count
    }

    public var isEmpty: Bool { count == 0 }

    public mutating func add(_ trial: ThresholdTrial) {
        let region = trial.note.rawValue / regionWidth
        if region >= bins.count { bins += Array(repeating: [], count: region + 1 - bins.count) }
        if bins[region].isEmpty { bins[region] = Array(repeating: 0, count: latticeSize * 2) }
        bins[region][(grid.latticeIndex(of: trial.difference) + latticeOffset) * 2 + (trial.correct ? 0 : 1)] += 1
        count += 1
    }

    /// Each region with answers, and its non-empty bins as (lattice index, correct, wrong).
    func forEachBin(_ body: (_ region: Int, _ latticeIndex: Int, _ correct: Int, _ wrong: Int) -> Void) {
        for (region, counts) in bins.enumerated() where !counts.isEmpty {
            for lattice in 0..<latticeSize where counts[lattice * 2] + counts[lattice * 2 + 1] > 0 {
                body(region, lattice - latticeOffset, Int(counts[lattice * 2]), Int(counts[lattice * 2 + 1]))
            }
        }
    }
}
