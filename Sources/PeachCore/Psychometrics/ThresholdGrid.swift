import Foundation

/// The grid the threshold posterior lives on: thresholds T log-spaced, slopes β log-spaced, lapse rates λ
/// as a few quadrature nodes of a Beta(1, 20) prior; plus the priors and precomputed likelihood tables.
///
/// Differences are snapped to a lattice with the same log step as the thresholds (extended beyond the
/// threshold range), so the likelihood of a trial depends only on (threshold index − difference index),
/// β and λ: one table lookup per cell instead of a pow and an exp. The snap moves a difference by at most
/// half a step (±3.5 % on the standard grid).
///
/// Cell layout everywhere: index = (lapse · slopeCount + slope) · thresholdCount + threshold.
public struct ThresholdGrid: Sendable {
    /// 120 thresholds from 0.05 to 200 cents; 30 slopes from 0.5 to 8; the lapse rate fixed at 0.02.
    /// Fixed rather than marginalised over Beta(1, 20): in the simulation (docs/threshold-estimator.md) both
    /// cover the truth, listeners lapsing 0-4 % included, and the fixed one's intervals are a third narrower.
    public static let standard = ThresholdGrid(fixedLapse: 0.02)
    /// The same with λ marginalised over Beta(1, 20) on 4 nodes.
    public static let lapseMarginalised = ThresholdGrid()
    /// For training that plays lapse probes (every comparison discipline): the fixed 0.02 and a heavy lapser's rate beside it,
    /// with a small prior weight that the probes' answers earn or refute (docs/threshold-estimator.md, "Lapse probes
    /// in measurement slots").
    public static let lapseProbed = ThresholdGrid(lapseNodes: [0.02, heavyLapse],
                                                  lapseNodeWeights: [1 - heavyLapseWeight, heavyLapseWeight])
    /// The second node of `lapseProbed`: 8 % wrong however large the difference (a listener lapsing 16 % of the time).
    /// It stands for the Beta(1, 20) prior's mass above 0.04 (`lapseMarginalised`'s upper bins), whose conditional mean
    /// is 0.084.
    public static let heavyLapse = 0.08
    /// Its prior weight. At 2 % a real first week (Tests/PeachAppTests/Fixtures/LogOfMain, 130 answers without probes)
    /// already reads "not enough data yet"; at 1 % it keeps its interval within ×7.5.
    public static let heavyLapseWeight = 0.01

    public let thresholdCount: Int
    public let slopeCount: Int
    public let lapseCount: Int
    /// ln T of each threshold node (cents).
    public let logThresholds: [Double]
    public let logStep: Double
    public let slopes: [Double]
    public let lapses: [Double]
    /// ln of the prior weight of each (lapse, slope) pair; the prior is flat in ln T.
    public let logPairPrior: [Double]
    /// The lapse nodes' prior weights (sum 1) and the slope nodes' prior weights (sum 1).
    public let lapseWeights: [Double]
    public let slopeWeights: [Double]

    /// Difference lattice indices run from −latticeMargin to thresholdCount − 1 + latticeMargin.
    public let latticeMargin: Int
    let tableWidth: Int
    /// Per (lapse, slope) row, indexed by (threshold index − difference index) + offsetBias.
    let probabilityTable: [Double]
    let logCorrectTable: [Double]
    let logWrongTable: [Double]
    /// Binary entropy of the outcome, for expected information gain.
    let entropyTable: [Double]
    let offsetBias: Int

    public var cellCount: Int { thresholdCount * slopeCount * lapseCount }
    public var pairCount: Int { slopeCount * lapseCount }

    /// - Parameters:
    ///   - lapseEdges: the Beta(1, 20) prior is cut into these bins; each bin is one node at its conditional mean.
    ///   - fixedLapse: instead, one lapse rate taken as known.
    ///   - lapseNodes: instead, these lapse rates with the prior weights `lapseNodeWeights` (normalised).
    public init(thresholdCount: Int = 120, thresholdRange: ClosedRange<Double> = 0.05...200,
                slopeCount: Int = 30, slopeRange: ClosedRange<Double> = 0.5...8,
                slopePriorMedian: Double = 1.3, slopePriorSDLog10: Double = 0.25,
                lapseEdges: [Double] = [0, 0.015, 0.04, 0.09, 0.25], lapsePriorB: Double = 20,
                fixedLapse: Double? = nil, lapseNodes: [Double]? = nil, lapseNodeWeights: [Double]? = nil,
                latticeMargin: Int = 60) {
        precondition(thresholdCount >= 2 && slopeCount >= 1 && lapseEdges.count >= 2, "grid too small")
        precondition(lapseNodes == nil || (lapseNodes?.count == lapseNodeWeights?.count && lapseNodes?.isEmpty == false),
                     "one prior weight per lapse node")
        self.thresholdCount = thresholdCount
        self.slopeCount = slopeCount
        self.lapseCount = lapseNodes?.count ?? (fixedLapse == nil ? lapseEdges.count - 1 : 1)
        self.latticeMargin = latticeMargin
        let lowLog = log(thresholdRange.lowerBound), highLog = log(thresholdRange.upperBound)
        logStep = (highLog - lowLog) / Double(thresholdCount - 1)
        logThresholds = (0..<thresholdCount).map { lowLog + Double($0) * (highLog - lowLog) / Double(thresholdCount - 1) }
        slopes = Self.logSpaced(slopeRange, count: slopeCount)
        slopeWeights = Self.slopePrior(slopes, median: slopePriorMedian, sdLog10: slopePriorSDLog10)
        if let lapseNodes, let lapseNodeWeights {
            lapses = lapseNodes
            lapseWeights = lapseNodeWeights.map { $0 / lapseNodeWeights.reduce(0, +) }
        } else if let fixedLapse {
            lapses = [fixedLapse]
            lapseWeights = [1]
        } else {
            let nodes = Self.lapsePriorNodes(edges: lapseEdges, b: lapsePriorB)
            lapses = nodes.means
            lapseWeights = nodes.masses.map { $0 / nodes.masses.reduce(0, +) }
        }

        var pairPrior: [Double] = []
        for lapse in 0..<lapseCount {
            for slope in 0..<slopeCount { pairPrior.append(log(lapseWeights[lapse]) + log(slopeWeights[slope])) }
        }
        logPairPrior = pairPrior

        // Offsets (threshold index − difference index) range over ±(thresholdCount − 1 + margin).
        offsetBias = thresholdCount - 1 + latticeMargin
        tableWidth = 2 * offsetBias + 1
        let tables = Self.likelihoodTables(lapses: lapses, slopes: slopes, width: tableWidth, offsetBias: offsetBias, logStep: logStep)
        probabilityTable = tables.probability
        logCorrectTable = tables.logCorrect
        logWrongTable = tables.logWrong
        entropyTable = tables.entropy
    }

    /// Slope prior: log10 β ~ Normal(log10 median, sd), evaluated on the (log-uniform) nodes; weights sum to 1.
    static func slopePrior(_ slopes: [Double], median: Double, sdLog10: Double) -> [Double] {
        let slopeDensity = slopes.map { exp(-0.5 * pow((log10($0) - log10(median)) / sdLog10, 2)) }
        return slopeDensity.map { $0 / slopeDensity.reduce(0, +) }
    }

    /// Lapse prior: Beta(1, b) has CDF 1 − (1 − λ)^b; each bin's mass and conditional mean (midpoint rule, 400 steps).
    static func lapsePriorNodes(edges: [Double], b: Double) -> (masses: [Double], means: [Double]) {
        func cdf(_ x: Double) -> Double { 1 - pow(1 - x, b) }
        var masses: [Double] = [], means: [Double] = []
        for bin in 0..<(edges.count - 1) {
            let low = edges[bin], high = edges[bin + 1]
            masses.append(cdf(high) - cdf(low))
            let steps = 400
            var weighted = 0.0, total = 0.0
            for step in 0..<steps {
                let x = low + (Double(step) + 0.5) / Double(steps) * (high - low)
                let density = b * pow(1 - x, b - 1)
                weighted += x * density
                total += density
            }
            means.append(weighted / total)
        }
        return (masses, means)
    }

    /// Per (lapse, slope) row, per column (threshold index − difference index) + offsetBias: the probability of
    /// a correct answer, its log, the log of a wrong one, and the outcome's binary entropy.
    static func likelihoodTables(lapses: [Double], slopes: [Double], width: Int, offsetBias: Int,
                                 logStep: Double) -> (probability: [Double], logCorrect: [Double], logWrong: [Double], entropy: [Double]) {
        var probability: [Double] = [], logCorrect: [Double] = [], logWrong: [Double] = [], entropy: [Double] = []
        probability.reserveCapacity(lapses.count * slopes.count * width)
        for lapse in lapses {
            for slope in slopes {
                for column in 0..<width {
                    let thresholdMinusDifference = Double(column - offsetBias) * logStep
                    let p = PsychometricFunction.probabilityCorrect(logDifferenceOverThreshold: -thresholdMinusDifference,
                                                                    slope: slope, lapse: lapse)
                    probability.append(p)
                    logCorrect.append(log(p))
                    logWrong.append(log(1 - p))
                    entropy.append(binaryEntropy(p))
                }
            }
        }
        return (probability, logCorrect, logWrong, entropy)
    }

    static func logSpaced(_ range: ClosedRange<Double>, count: Int) -> [Double] {
        guard count > 1 else { return [(range.lowerBound * range.upperBound).squareRoot()] }
        let low = log(range.lowerBound), high = log(range.upperBound)
        return (0..<count).map { exp(low + Double($0) * (high - low) / Double(count - 1)) }
    }

    static func binaryEntropy(_ p: Double) -> Double {
        guard p > 0 && p < 1 else { return 0 }
        return -(p * log(p) + (1 - p) * log(1 - p))
    }

    // MARK: The difference lattice

    public var latticeRange: ClosedRange<Int> { -latticeMargin...(thresholdCount - 1 + latticeMargin) }

    /// The nearest lattice index of |difference| (clamped to the lattice; 0 cents goes to its lowest point).
    public func latticeIndex(of difference: Cents) -> Int {
        let magnitude = abs(difference.value)
        guard magnitude > 0 else { return latticeRange.lowerBound }
        let position = ((log(magnitude) - logThresholds[0]) / logStep).rounded()
        return Int(min(max(position, Double(latticeRange.lowerBound)), Double(latticeRange.upperBound)))
    }

    public func difference(atLatticeIndex index: Int) -> Cents {
        Cents(exp(logThresholds[0] + Double(index) * logStep))
    }

    public func threshold(at index: Int) -> Cents { Cents(exp(logThresholds[index])) }

    /// Start of the table row for a (lapse, slope) pair, shifted so that adding a threshold index
    /// gives the column for a trial at `differenceIndex`.
    @inline(__always)
    func tableBase(pair: Int, differenceIndex: Int) -> Int {
        pair * tableWidth + offsetBias - differenceIndex
    }
}
