import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct WelfordAccumulatorTests {
    func twoPass(_ values: [Double]) -> (mean: Double, variance: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)
        return (mean, variance)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func matchesATwoPassComputation(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        // Large offset, small spread: where a naive sum-of-squares formula loses precision.
        let values = (0..<5000).map { _ in 1_000_000 + Double.random(in: 0...3, using: &random) }
        let welford = WelfordAccumulator(values)
        let expected = twoPass(values)
        #expect(welford.count == values.count)
        #expect(abs(welford.mean - expected.mean) < 1e-7)
        #expect(abs(welford.variance - expected.variance) / expected.variance < 1e-6)
        #expect(abs(welford.standardDeviation - expected.variance.squareRoot()) < 1e-6)
    }

    @Test func emptyAndSingleValue() {
        #expect(WelfordAccumulator().count == 0)
        #expect(WelfordAccumulator().variance == 0)
        let one = WelfordAccumulator([7])
        #expect(one.mean == 7)
        #expect(one.standardDeviation == 0)
    }
}
