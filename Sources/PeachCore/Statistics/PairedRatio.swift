/// How a candidate compares with a reference measured beside it in alternating blocks (a benchmark's Peach against
/// its C reference): each adjacent pair of blocks gives one ratio, candidate / reference, so a stretch in which the
/// machine was slow weighs on both sides of its own pair alike. The figure is the median ratio with a 95 % interval
/// from a percentile bootstrap over the pairs, and the same for the difference candidate − reference, so that a goal
/// with an absolute allowance ("≤ 1.1 × or within 0.05 ms") can be judged too.
public struct PairedRatio: Hashable, Sendable {
    /// What the interval says about a goal: inside it, beyond it, or neither yet.
    public enum Verdict: String, Hashable, Sendable {
        case met
        case notMet = "NOT met"
        case undecided
    }

    public let pairs: Int
    public let ratio: Double
    public let ratioInterval: ClosedRange<Double>
    public let difference: Double
    public let differenceInterval: ClosedRange<Double>

    /// Nil without a pair, or when a reference block is not positive (a ratio needs one).
    public init?(_ blocks: [(candidate: Double, reference: Double)], resamples: Int = 2000, seed: UInt64 = 0x5EED) {
        guard !blocks.isEmpty, blocks.allSatisfy({ $0.reference > 0 && $0.candidate.isFinite }) else { return nil }
        let ratios = blocks.map { $0.candidate / $0.reference }
        let differences = blocks.map { $0.candidate - $0.reference }
        pairs = blocks.count
        ratio = Self.median(ratios)
        difference = Self.median(differences)
        var random = SplitMix64(seed: seed)
        var ratioMedians: [Double] = [], differenceMedians: [Double] = []
        for _ in 0..<resamples {
            let picks = (0..<blocks.count).map { _ in Int(random.next() % UInt64(blocks.count)) }
            ratioMedians.append(Self.median(picks.map { ratios[$0] }))
            differenceMedians.append(Self.median(picks.map { differences[$0] }))
        }
        ratioInterval = Self.percentile(ratioMedians, 2.5)...Self.percentile(ratioMedians, 97.5)
        differenceInterval = Self.percentile(differenceMedians, 2.5)...Self.percentile(differenceMedians, 97.5)
    }

    /// Met when the whole interval lies within the goal (the ratio's upper end at most `ratio`, or the difference's
    /// at most `allowance`), NOT met when it lies wholly beyond it, undecided otherwise: never met by a point alone.
    public func verdict(ratioAtMost goal: Double, orDifferenceAtMost allowance: Double? = nil) -> Verdict {
        let withinAllowance = allowance.map { differenceInterval.upperBound <= $0 } ?? false
        if ratioInterval.upperBound <= goal || withinAllowance { return .met }
        let beyondAllowance = allowance.map { differenceInterval.lowerBound > $0 } ?? true
        if ratioInterval.lowerBound > goal && beyondAllowance { return .notMet }
        return .undecided
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// Nearest rank, as the benchmarks' percentiles.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
