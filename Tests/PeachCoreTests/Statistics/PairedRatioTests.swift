import Foundation
import PeachCore
import PeachTestSupport
import Testing

/// The benchmarks' paired verdict: the median of per-pair ratios with a bootstrap interval, met only when the whole
/// interval is within the goal, NOT met only when it is wholly beyond, undecided otherwise.
@Suite struct PairedRatioTests {
    /// `count` pairs whose reference is a noisy 1 and whose candidate is `factor` times a noisy 1.
    static func blocks(_ count: Int, factor: Double, noise: Double, seed: UInt64) -> [(candidate: Double, reference: Double)] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            (factor * (1 + Double.random(in: -noise...noise, using: &random)), 1 + Double.random(in: -noise...noise, using: &random))
        }
    }

    @Test func theFigureIsTheMedianRatioAndItsIntervalHoldsIt() throws {
        let paired = try #require(PairedRatio([(2, 1), (3, 1), (4, 2), (10, 1), (1, 1)]))
        #expect(paired.pairs == 5 && paired.ratio == 2 && paired.difference == 2)  // ratios 1 2 2 3 10, differences 0 1 2 2 9
        #expect(paired.ratioInterval.contains(paired.ratio) && paired.differenceInterval.contains(paired.difference))
        #expect(PairedRatio([]) == nil && PairedRatio([(1, 0)]) == nil)
    }

    @Test func clearCasesAreDecidedAndAThinSampleIsNot() throws {
        let slower = try #require(PairedRatio(Self.blocks(40, factor: 2, noise: 0.2, seed: 1)))
        #expect(slower.verdict(ratioAtMost: 1.5) == .notMet)
        let same = try #require(PairedRatio(Self.blocks(40, factor: 1, noise: 0.2, seed: 2)))
        #expect(same.verdict(ratioAtMost: 1.5) == .met)
        // Near the goal, or from two pairs, the interval straddles it: neither met nor NOT met.
        #expect(try #require(PairedRatio(Self.blocks(40, factor: 1.5, noise: 0.2, seed: 3))).verdict(ratioAtMost: 1.5) == .undecided)
        #expect(try #require(PairedRatio(Self.blocks(2, factor: 1.3, noise: 0.4, seed: 4))).verdict(ratioAtMost: 1.5) == .undecided)
    }

    @Test func anAbsoluteAllowanceMeetsAGoalTheRatioMisses() throws {
        // 0.02 ms against 0.01 ms: twice the reference, but within 0.05 ms of it.
        let tiny = try #require(PairedRatio((0..<20).map { _ in (0.02, 0.01) }))
        #expect(tiny.verdict(ratioAtMost: 1.1) == .notMet)
        #expect(tiny.verdict(ratioAtMost: 1.1, orDifferenceAtMost: 0.05) == .met)
    }

    @Test func theSameDataGiveTheSameInterval() {
        let blocks = Self.blocks(12, factor: 1.2, noise: 0.3, seed: 5)
        #expect(PairedRatio(blocks) == PairedRatio(blocks))
    }
}
