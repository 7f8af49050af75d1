/// Thresholds per keyboard region for one user and one discipline (e.g. unison comparisons), pooled so a
/// region with few trials does not pretend: the slope and lapse rate are shared by all regions, and each
/// region's threshold borrows strength from its neighbours through a random walk of ln T across regions
/// (`RegionChainSmoother`). Feed it answers one at a time (`add`) or a whole history at once
/// (`add(contentsOf:)`, or counted as they stream in with `ThresholdTrialCounts` and added with `add(_:)`:
/// binned, fast enough for a launch with 100,000 records).
public struct PooledThresholds: Sendable {
    /// Half an octave: fine enough to show the low register's rise, coarse enough to fill quickly.
    public static let defaultRegionWidth = 6
    /// How far ln T may move from one region to the next (SD): 0.25 ≈ ±28 % per half octave.
    public static let defaultRegionStepSD = 0.25

    public let grid: ThresholdGrid
    public let regionWidth: Int
    public let regionStepSD: Double
    private var regionLikelihoods: [Int: ThresholdLikelihood] = [:]
    private var combined: ThresholdLikelihood

    public init(grid: ThresholdGrid = .standard, regionWidth: Int = defaultRegionWidth,
                regionStepSD: Double = defaultRegionStepSD) {
        precondition(regionWidth >= 1, "a region holds at least one note")
        self.grid = grid
        self.regionWidth = regionWidth
        self.regionStepSD = regionStepSD
        combined = ThresholdLikelihood(grid: grid)
    }

    public init<Trials: Sequence>(trials: Trials, grid: ThresholdGrid = .standard,
                                  regionWidth: Int = defaultRegionWidth,
                                  regionStepSD: Double = defaultRegionStepSD) where Trials.Element == ThresholdTrial {
        self.init(grid: grid, regionWidth: regionWidth, regionStepSD: regionStepSD)
        add(contentsOf: trials)
    }

    public var trialCount: Int { combined.trials }

    public mutating func add(note: MIDINote, difference: Cents, correct: Bool) {
        let index = grid.latticeIndex(of: difference)
        let region = regionIndex(containing: note)
        regionLikelihoods[region, default: ThresholdLikelihood(grid: grid)]
            .add(differenceIndex: index, correct: correct ? 1 : 0, wrong: correct ? 0 : 1)
        combined.add(differenceIndex: index, correct: correct ? 1 : 0, wrong: correct ? 0 : 1)
    }

    public mutating func add(_ trial: ThresholdTrial) {
        add(note: trial.note, difference: trial.difference, correct: trial.correct)
    }

    /// Counts the trials per region and lattice difference first, then adds each bin in one pass.
    public mutating func add<Trials: Sequence>(contentsOf trials: Trials) where Trials.Element == ThresholdTrial {
        var counts = ThresholdTrialCounts(grid: grid, regionWidth: regionWidth)
        for trial in trials { counts.add(trial) }
        add(counts)
    }

    /// Answers counted in bulk (a history read at launch): one likelihood update per non-empty bin.
    public mutating func add(_ counts: ThresholdTrialCounts) {
        precondition(counts.regionWidth == regionWidth && counts.grid.latticeRange == grid.latticeRange
                     && counts.grid.logThresholds.first == grid.logThresholds.first && counts.grid.logStep == grid.logStep,
                     "counted on another lattice or other regions")
        guard !counts.isEmpty else { return }
        counts.forEachBin { region, latticeIndex, correct, wrong in
            regionLikelihoods[region, default: ThresholdLikelihood(grid: grid)]
                .add(differenceIndex: latticeIndex, correct: correct, wrong: wrong)
        }
        var total = ThresholdLikelihood(grid: grid)
        for likelihood in regionLikelihoods.values { total.add(likelihood) }
        combined = total
    }

    // MARK: Regions

    public func regionIndex(containing note: MIDINote) -> Int { note.rawValue / regionWidth }

    public func notes(inRegion index: Int) -> ClosedRange<MIDINote> {
        MIDINote(clamping: index * regionWidth)...MIDINote(clamping: index * regionWidth + regionWidth - 1)
    }

    /// One threshold for all notes (nil before the first trial).
    public var overall: ThresholdEstimate? {
        combined.trials > 0 ? combined.posterior.estimate : nil
    }

    public func region(containing note: MIDINote) -> RegionEstimate {
        let index = regionIndex(containing: note)
        return regions(indices: index...index)[0]
    }

    /// Every region overlapping `range`, lowest first; untrained regions have a nil estimate.
    public func regions(in range: ClosedRange<MIDINote>) -> [RegionEstimate] {
        regions(indices: regionIndex(containing: range.lowerBound)...regionIndex(containing: range.upperBound))
    }

    private func regions(indices: ClosedRange<Int>) -> [RegionEstimate] {
        regions(indices: indices, from: solveChain())
    }

    /// The shared slope and lapse rate learned from all regions' trials (prior × evidence per (λ, β) pair, the
    /// weights the regions' estimates are mixed by), for a threshold test's prior; nil before the first trial.
    public var slopePrior: SlopePrior? {
        guard let first = regionLikelihoods.keys.min(), let last = regionLikelihoods.keys.max() else { return nil }
        let span = (first...last).map { regionLikelihoods[$0] }
        return SlopePrior(logPairWeights: RegionChainSmoother.pairLogEvidence(regions: span, grid: grid, stepSD: regionStepSD),
                          trials: combined.trials)
    }

    /// Every region from the lowest trained to the highest (those without answers have no estimate), lowest first,
    /// and the shared slope, from one solve of the chain; nil before the first trial. What placement needs, for half
    /// the cost of asking for each.
    func regionsAndSlope() -> (regions: [RegionEstimate], slopePrior: SlopePrior)? {
        guard let chain = solveChain() else { return nil }
        return (regions(indices: chain.first...(chain.first + chain.marginals.count - 1), from: chain),
                SlopePrior(logPairWeights: chain.logEvidence, trials: combined.trials))
    }

    /// The regions' chain solved: the lowest trained region's index, every region's threshold marginal from there to
    /// the highest trained, and each (λ, β) pair's log evidence.
    private typealias Chain = (first: Int, marginals: [[Double]], logEvidence: [Double])

    /// The chain over every region from the lowest trained to the highest, solved once.
    private func solveChain() -> Chain? {
        guard let first = regionLikelihoods.keys.min(), let last = regionLikelihoods.keys.max() else { return nil }
        let solution = RegionChainSmoother.solve(regions: (first...last).map { regionLikelihoods[$0] }, grid: grid,
                                                 stepSD: regionStepSD)
        return (first, solution.marginals, solution.logEvidence)
    }

    private func regions(indices: ClosedRange<Int>, from chain: Chain?) -> [RegionEstimate] {
        indices.map { index in
            guard let chain, let likelihood = regionLikelihoods[index] else {
                return RegionEstimate(notes: notes(inRegion: index), estimate: nil)
            }
            return RegionEstimate(notes: notes(inRegion: index),
                                  estimate: ThresholdEstimate(thresholdMarginal: chain.marginals[index - chain.first],
                                                              grid: grid, trials: likelihood.trials))
        }
    }

    /// The posterior to place a measurement trial on a note by: its region's own trials, or all trials while
    /// the region has none (unsmoothed: placement only needs to be roughly right, and must be cheap).
    public func placementPosterior(for note: MIDINote) -> ThresholdPosterior {
        (regionLikelihoods[regionIndex(containing: note)] ?? combined).posterior
    }
}
