import Foundation

/// Where measurement trials are placed: the discipline's threshold *now* (the drifting model's latest training day
/// given every answer, `ThresholdProgress.nowMasses`) as the prior on T, moved for each keyboard region by how far
/// that region's pooled threshold lies from the whole pool's, with the slope and lapse rate the pool learned.
///
/// Placed on the pool of every answer, as before, a listener who moves has half of their trials placed where they
/// were: a learner's measurement trials land above the threshold, where every answer is right and says little, and
/// "now" follows them slowly (docs/threshold-estimator.md, "Placement follows now").
///
/// The app makes one for every measurement trial; a simulation may make one per training day and multiply the
/// answers given since (`since`) in: the same quantity, solved less often.
public struct PlacementLevel: Sendable {
    public let grid: ThresholdGrid
    /// ln of now's mass on each threshold of the grid.
    let logLevel: [Double]
    /// Per trained region, the grid steps its pooled median lies above the whole pool's.
    let shifts: [Int: Int]
    let slopePrior: SlopePrior?
    let trials: Int
    let regionIndex: @Sendable (MIDINote) -> Int

    /// Nil before the pool's first answer or without a level now; `now` lies on `pooled.grid`'s thresholds.
    public init?(pooled: PooledThresholds, now: [Double]?) {
        guard let now, let overall = pooled.overall, now.count == pooled.grid.thresholdCount,
              let chain = pooled.regionsAndSlope() else { return nil }
        grid = pooled.grid
        let total = now.reduce(0, +)
        logLevel = now.map { total > 0 ? log(max($0 / total, .leastNormalMagnitude)) : 0 }
        let centre = log(overall.median.value), step = pooled.grid.logStep
        var shifts: [Int: Int] = [:]
        for region in chain.regions {
            guard let estimate = region.estimate else { continue }
            shifts[pooled.regionIndex(containing: region.notes.lowerBound)] =
                Int(((log(estimate.median.value) - centre) / step).rounded())
        }
        self.shifts = shifts
        slopePrior = chain.slopePrior
        trials = pooled.trialCount
        let width = pooled.regionWidth
        regionIndex = { $0.rawValue / width }
    }

    /// The posterior to place a trial on `note` by: now, moved to the note's region, times the answers `since` it
    /// was solved (none in the app, which solves at every answer).
    public func posterior(for note: MIDINote, since: ThresholdLikelihood? = nil) -> ThresholdPosterior {
        let n = grid.thresholdCount, shift = shifts[regionIndex(note)] ?? 0
        var logLikelihood = since?.logLikelihood ?? [Double](repeating: 0, count: grid.cellCount)
        for threshold in 0..<n {
            let level = logLevel[min(max(threshold - shift, 0), n - 1)]
            for pair in 0..<grid.pairCount { logLikelihood[pair * n + threshold] += level }
        }
        return ThresholdPosterior(logLikelihood: logLikelihood, trials: trials + (since?.trials ?? 0), grid: grid,
                                  slopePrior: slopePrior)
    }
}
