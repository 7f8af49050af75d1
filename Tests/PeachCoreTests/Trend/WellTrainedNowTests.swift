import Foundation
import Testing
@testable import PeachCore

/// "Not enough data" for now only when it is so: past 300 answers on three training days a wide interval (the
/// latest days disagreeing with the earlier ones) is shown as it is; below that, an interval over ten times wide
/// still reads "not enough data"; an interval the grid's edge cuts off never counts as known.
@Suite struct WellTrainedNowTests {
    static let firstLog = log(0.1), logStep = 0.1, levelCount = 100

    /// Masses spread evenly over `cells` of the level grid.
    static func flat(_ cells: ClosedRange<Int>) -> [Double] {
        (0..<levelCount).map { cells.contains($0) ? 1 / Double(cells.count) : 0 }
    }

    static func progress(days: [(day: Int, trials: Int)], now: [Double]) -> DisciplineProgress {
        let solution = DriftingLevel.Solution(now: now, path: days.map { _ in now }, rateWeights: [0.5, 0.5],
                                              probabilityLower: 0.5, probabilityHigher: 0.5)
        return DisciplineProgress(quantity: .threshold, period: .day, days: days, solution: solution,
                                  firstLog: firstLog, logStep: logStep, enoughTrials: 60)
    }

    /// About 17 times wide (the middle 95 % of 30 cells a tenth of e apart), well inside the grid.
    static let wide = flat(40...69)

    @Test func aWideNowIsShownPastThreeHundredAnswersOnThreeDays() throws {
        let now = try #require(Self.progress(days: [(0, 100), (1, 100), (2, 100)], now: Self.wide).now)
        #expect(now.intervalRatio > ThresholdEstimate.maximumConclusiveRatio, "\(now)")
        #expect(now.isConclusive)
    }

    @Test(arguments: [[(0, 100), (1, 99), (2, 100)], [(0, 150), (1, 150)]])
    func belowEitherCountAWideNowIsNotEnoughData(days: [(Int, Int)]) throws {
        let progress = Self.progress(days: days.map { (day: $0.0, trials: $0.1) }, now: Self.wide)
        let now = try #require(progress.now)
        #expect(!now.isConclusive)
        #expect(progress.shortfall == .nowUnknown)
    }

    @Test func aNowTheGridCutsOffIsNotEnoughDataHoweverWellTrained() throws {
        let now = try #require(Self.progress(days: [(0, 200), (1, 200), (2, 200)], now: Self.flat(0...5)).now)
        #expect(!now.isConclusive)
    }

    @Test func aNarrowNowIsKnownEitherWay() throws {
        let now = try #require(Self.progress(days: [(0, 30), (1, 30)], now: Self.flat(50...54)).now)
        #expect(now.isConclusive)
    }
}
