import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct PitchMatchingSummaryTests {
    @Test func quantilesMatchPublishedTables() {
        // Standard tables: z 0.975 = 1.959964; t 0.975 with 4 df = 2.776445, 29 df = 2.045230;
        // chi-square with 4 df: 0.025 → 0.484419, 0.975 → 11.143287; 29 df: 16.047072, 45.722286.
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959964) < 1e-6)
        #expect(abs(NormalDistribution.quantile(0.001) + 3.090232) < 1e-6)
        #expect(abs(StudentTDistribution.quantile(0.975, degreesOfFreedom: 4) - 2.776445) < 1e-6)
        #expect(abs(StudentTDistribution.quantile(0.975, degreesOfFreedom: 29) - 2.045230) < 1e-6)
        #expect(abs(StudentTDistribution.quantile(0.025, degreesOfFreedom: 29) + 2.045230) < 1e-6)
        #expect(abs(ChiSquaredDistribution.quantile(0.025, degreesOfFreedom: 4) - 0.484419) < 1e-6)
        #expect(abs(ChiSquaredDistribution.quantile(0.975, degreesOfFreedom: 4) - 11.143287) < 1e-6)
        #expect(abs(ChiSquaredDistribution.quantile(0.025, degreesOfFreedom: 29) - 16.047072) < 1e-5)
        #expect(abs(ChiSquaredDistribution.quantile(0.975, degreesOfFreedom: 29) - 45.722286) < 1e-5)
    }

    @Test func intervalsOnKnownData() throws {
        // Errors 1…5 c: mean 3, SD √2.5 = 1.5811.
        let summary = try #require(PitchMatchingSummary(signedErrors: [1, 2, 3, 4, 5].map { Cents(Double($0)) }))
        #expect(summary.count == 5)
        #expect(abs(summary.bias.value - 3) < 1e-12)
        let halfWidth = 2.776445 * 2.5.squareRoot() / 5.0.squareRoot()
        #expect(abs(summary.biasInterval.lowerBound.value - (3 - halfWidth)) < 1e-5)
        #expect(abs(summary.biasInterval.upperBound.value - (3 + halfWidth)) < 1e-5)
        #expect(abs(summary.spread.value - 2.5.squareRoot()) < 1e-12)
        #expect(abs(summary.spreadInterval.lowerBound.value - (4 * 2.5 / 11.143287).squareRoot()) < 1e-5)
        #expect(abs(summary.spreadInterval.upperBound.value - (4 * 2.5 / 0.484419).squareRoot()) < 1e-5)
    }

    @Test func fewerThanTwoErrorsHaveNoSummary() {
        #expect(PitchMatchingSummary(signedErrors: [Cents]()) == nil)
        #expect(PitchMatchingSummary(signedErrors: [Cents(2)]) == nil)
    }

    @Test func aSharpTunerHasAPositiveBiasIntervalAboveZero() throws {
        var random = SeededRandom(seed: 8)
        let errors = (0..<200).map { _ in Cents(2 + 5 * (Double.random(in: 0..<1, using: &random) - 0.5)) }
        let summary = try #require(PitchMatchingSummary(signedErrors: errors))
        #expect(summary.biasInterval.lowerBound > Cents.zero)
        #expect(summary.biasInterval.contains(Cents(2)))
        // Uniform on ±2.5 c: SD 5/√12 = 1.443.
        #expect(summary.spreadInterval.contains(Cents(5 / 12.0.squareRoot())))
    }
}
