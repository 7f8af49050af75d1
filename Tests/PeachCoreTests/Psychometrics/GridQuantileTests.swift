import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct GridQuantileTests {
    @Test func uniformMassesHaveLinearQuantiles() {
        let masses = [Double](repeating: 1, count: 10)  // cells span −0.5 … 9.5
        #expect(abs(GridQuantile.position(of: 0.5, in: masses).position - 4.5) < 1e-12)
        #expect(abs(GridQuantile.position(of: 0.25, in: masses).position - 2.0) < 1e-12)
        #expect(abs(GridQuantile.position(of: 0.025, in: masses).position - (-0.25)) < 1e-12)
        #expect(GridQuantile.position(of: 0.025, in: masses).cell == 0)
    }

    @Test func aSingleCellHoldsEveryQuantile() {
        var masses = [Double](repeating: 0, count: 7)
        masses[3] = 2
        for q in [0.025, 0.5, 0.975] {
            let quantile = GridQuantile.position(of: q, in: masses)
            #expect(quantile.cell == 3)
            #expect(abs(quantile.position - (2.5 + q)) < 1e-12)
        }
    }

    @Test func aTwoCellPosteriorSplitsAtItsMassRatio() {
        // 30 % in cell 1, 70 % in cell 2: the median is 0.2 / 0.7 into cell 2.
        let masses = [0, 0.3, 0.7, 0]
        let median = GridQuantile.position(of: 0.5, in: masses)
        #expect(median.cell == 2)
        #expect(abs(median.position - (1.5 + 0.2 / 0.7)) < 1e-12)
    }

    @Test func estimateFromAConstructedPosteriorReportsItsQuantilesInCents() {
        let grid = ThresholdGrid.standard
        var masses = [Double](repeating: 0, count: grid.thresholdCount)
        for cell in 50...59 { masses[cell] = 1 }  // uniform over cells 50 … 59
        let estimate = ThresholdEstimate(thresholdMarginal: masses, grid: grid, trials: 12)
        func cents(_ position: Double) -> Double { exp(grid.logThresholds[0] + position * grid.logStep) }
        #expect(abs(estimate.median.value - cents(54.5)) < 1e-9)
        #expect(abs(estimate.lower.value - cents(49.75)) < 1e-9)
        #expect(abs(estimate.upper.value - cents(59.25)) < 1e-9)
        #expect(estimate.isConclusive)
        #expect(estimate.trials == 12)
    }

    @Test func massInTheEdgeCellMakesTheEstimateInconclusive() {
        let grid = ThresholdGrid.standard
        var masses = [Double](repeating: 0, count: grid.thresholdCount)
        masses[0] = 0.05
        for cell in 1...20 { masses[cell] = 0.95 / 20 }
        #expect(!ThresholdEstimate(thresholdMarginal: masses, grid: grid, trials: 5).isConclusive)
        masses[0] = 0.01
        #expect(ThresholdEstimate(thresholdMarginal: masses, grid: grid, trials: 5).isConclusive)
    }
}

@Suite struct ThresholdEstimateConclusivenessTests {
    @Test func anIntervalWiderThanTenfoldIsNotEnoughData() {
        let grid = ThresholdGrid.standard
        var masses = [Double](repeating: 0, count: grid.thresholdCount)
        for cell in 30...70 { masses[cell] = 1 }  // about a factor 17 wide, far from the edges
        let wide = ThresholdEstimate(thresholdMarginal: masses, grid: grid, trials: 9)
        #expect(wide.intervalRatio > ThresholdEstimate.maximumConclusiveRatio)
        #expect(!wide.isConclusive)
    }
}
