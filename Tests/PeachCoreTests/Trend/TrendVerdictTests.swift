import Foundation
import Testing
@testable import PeachCore

/// The trend's words from the model's figures: a direction only where the answers favour a moving level and the model
/// is 90 % sure of it, for a threshold and a spread alike.
@Suite struct TrendVerdictTests {
    static func progress(_ quantity: DisciplineProgress.Quantity, lower: Double, higher: Double,
                         still: Double) -> DisciplineProgress {
        let point = ProgressEstimate(start: Date(timeIntervalSince1970: 0), value: 8, lower: 5, upper: 12, trials: 300)
        return DisciplineProgress(quantity: quantity, period: .day, points: [point, point], first: point, latest: point,
                                  probabilityLower: lower, probabilityHigher: higher, stillWeight: still,
                                  enoughTrials: 60, trainingDays: 2)
    }

    @Test(arguments: [DisciplineProgress.Quantity.threshold, .spread])
    func eightyEightPercentSureIsStable(_ quantity: DisciplineProgress.Quantity) {
        #expect(Self.progress(quantity, lower: 0.88, higher: 0.12, still: 0.2).trend == .stable)
        #expect(Self.progress(quantity, lower: 0.12, higher: 0.88, still: 0.2).trend == .stable)
    }

    @Test(arguments: [DisciplineProgress.Quantity.threshold, .spread])
    func ninetyOnePercentSureReadsTheDirection(_ quantity: DisciplineProgress.Quantity) {
        #expect(Self.progress(quantity, lower: 0.91, higher: 0.09, still: 0.2).trend == .improving)
        #expect(Self.progress(quantity, lower: 0.09, higher: 0.91, still: 0.2).trend == .declining)
    }

    @Test func answersThatFavourAStillLevelReadStableHoweverSure() {
        #expect(Self.progress(.threshold, lower: 0.99, higher: 0.01, still: 0.55).trend == .stable)
    }
}
