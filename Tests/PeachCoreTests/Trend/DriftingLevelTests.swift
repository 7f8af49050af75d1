import Foundation
import Testing
@testable import PeachCore

/// The time-following model on a plain Gaussian level: each step's likelihood says "the level is about m ± s", and
/// the model must follow a level that moves, stay put for one that does not, and learn which from the data.
struct DriftingLevelTests {
    static let grid = DriftingLevel.Grid(levelCount: 121, logStep: 0.05)

    /// A step whose likelihood peaks at `level` (a grid index) with SD `sd` (in grid steps).
    static func step(day: Int, level: Double, sd: Double = 4) -> DriftingLevel.Step {
        DriftingLevel.Step(day: day, logLikelihood: (0..<grid.levelCount).map { -0.5 * pow((Double($0) - level) / sd, 2) })
    }

    static func mean(_ masses: [Double]) -> Double {
        zip(masses.indices, masses).reduce(0) { $0 + Double($1.0) * $1.1 } / masses.reduce(0, +)
    }

    @Test func aStillLevelFavoursTheStillRateAndPoolsEveryStep() {
        let steps = (0..<20).map { Self.step(day: $0, level: 60) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        #expect(solution.rateWeights[0] > DriftingLevel.ratePrior[0], "the data favour standing still: \(solution.rateWeights)")
        #expect(abs(Self.mean(solution.now) - 60) < 0.5)
        #expect(max(solution.probabilityLower, solution.probabilityHigher) < 0.75, "no side is sure")
    }

    @Test func aMovingLevelIsFollowedToItsLatestStep() {
        // Down 3 grid steps (15 % in ln) a day for 20 days.
        let steps = (0..<20).map { Self.step(day: $0, level: 90 - 3 * Double($0)) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        #expect(abs(Self.mean(solution.now) - 33) < 3, "now \(Self.mean(solution.now))")
        #expect(solution.rateWeights[0] < 1e-6, "a level that moves is not still: \(solution.rateWeights)")
        #expect(solution.probabilityLower > 0.99)
        #expect(abs(Self.mean(solution.path[0]) - 90) < 3, "the start, given every step: \(Self.mean(solution.path[0]))")
    }

    /// Down 15 % a day for two weeks, each day's answers loose (SD 0.4 in ln, about a day of 25 answers): the fast
    /// drift follows it, and now is known closely; with the slow drift alone only the fastest walk followed, and now
    /// was as loose as that walk and 5.5 steps behind (an SD of 5.4 grid steps, against 4.0 and 0.9 behind with the fast drift).
    @Test func aFastSteadyFallIsFollowedByTheFastDrift() {
        let steps = (0..<14).map { Self.step(day: $0, level: 100 - 3 * Double($0), sd: 8) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        let fastDown = DriftingLevel.drifts.firstIndex(of: -0.15)
        #expect(fastDown.map { solution.rateWeights[$0] } ?? 0 > 0.5, "\(solution.rateWeights)")
        let mean = Self.mean(solution.now)
        let sd = sqrt(zip(solution.now.indices, solution.now).reduce(0) { $0 + pow(Double($1.0) - mean, 2) * $1.1 })
        #expect(abs(mean - 61) < 3, "now \(mean)")
        #expect(sd < 4.5, "now's SD \(sd) grid steps")
    }

    @Test func aRisingLevelIsSeenRising() {
        let steps = (0..<10).map { Self.step(day: $0 * 2, level: 40 + 4 * Double($0)) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        #expect(solution.probabilityHigher > 0.99)
        #expect(solution.probabilityLower < 0.01)
    }

    @Test func pairsAreWeightedByTheirEvidence() {
        // Pair 1's likelihood is everywhere far below pair 0's: the mixture follows pair 0.
        var steps = (0..<5).map { Self.step(day: $0, level: 50) }
        for index in steps.indices {
            steps[index].logLikelihood += (0..<Self.grid.levelCount).map { -0.5 * pow((Double($0) - 80) / 4, 2) - 50 }
        }
        let grid = DriftingLevel.Grid(levelCount: Self.grid.levelCount, logStep: Self.grid.logStep, logPairPrior: [log(0.5), log(0.5)])
        let solution = DriftingLevel.solve(steps, pairs: [0, 1], grid: grid)
        #expect(abs(Self.mean(solution.now) - 50) < 1)
    }

    @Test func theJointOfStartAndNowIsSurerThanTreatingThemAsIndependent() {
        // Four days falling two grid steps a day, each day's answers loose (SD 4 steps): the joint knows that start
        // and now share the answers between them, so it is surer of the fall than the independent comparison.
        let steps = (0..<4).map { Self.step(day: $0, level: 60 - 2 * Double($0), sd: 4) }
        let linear = LinearSteps(steps, levelCount: Self.grid.levelCount)
        let kernels = KernelCache(steps: steps, grid: Self.grid)
        var component = DriftComponent(rate: 3, pair: 0)
        component.filter(linear, kernels: kernels, levelCount: Self.grid.levelCount)
        let smoothed = component.smoothed(linear, kernels: kernels, levelCount: Self.grid.levelCount)
        let independent = LevelOrder(first: smoothed[0], last: component.filtered(step: 3, levelCount: Self.grid.levelCount))
        let joint = component.order(linear, kernels: kernels, levelCount: Self.grid.levelCount, unchanged: 0)
        #expect(joint.lastBelow > independent.lastBelow, "joint \(joint.lastBelow), independent \(independent.lastBelow)")
        #expect(abs(joint.lastBelow + joint.lastAbove - 1) < 1e-9)
        // Resumed from the walks kept through day 2: only the last day walked again, to the same bits.
        let resumed = component.order(linear, kernels: kernels, levelCount: Self.grid.levelCount, unchanged: 4)
        #expect(component.walks?.through == 2)
        #expect(resumed.lastBelow == joint.lastBelow && resumed.lastAbove == joint.lastAbove)
    }

    @Test func theOrderOfTwoLevelsSplitsTiesEvenly() {
        let order = LevelOrder(first: [0, 1, 0], last: [0, 1, 0])
        #expect(order.lastBelow == 0.5 && order.lastAbove == 0.5)
        let lower = LevelOrder(first: [0, 0, 1], last: [1, 0, 0])
        #expect(lower.lastBelow == 1 && lower.lastAbove == 0)
    }

    @Test(arguments: [-500.0, -9, -3, 0, 3, 9, 500])
    func aKernelShiftedAnyDistanceKeepsEveryLevelsMassOnTheGrid(shift: Double) {
        // A shift beyond the grid's whole width once inverted a row's reach and trapped at launch.
        let kernel = RegionChainSmoother.Kernel(stepSD: 0.3, shift: shift, logStep: 0.07, count: 120)
        var output = [Double](repeating: 0, count: 120)
        for from in [0, 1, 60, 118, 119] {
            var input = [Double](repeating: 0, count: 120)
            input[from] = 1
            kernel.forward(input, into: &output)
            #expect(abs(output.reduce(0, +) - 1) < 1e-9, "level \(from) shifted \(shift): mass \(output.reduce(0, +))")
            #expect(output.allSatisfy { $0.isFinite && $0 >= 0 })
        }
    }

    @Test(arguments: [1, 19, 21, 90, 400, 3650])
    func aBreakOfAnyLengthIsSolvedAndDoesNotCarryADriftThroughIt(breakDays: Int) {
        // Three training days, a break, three more at the same level: every rate solves, and now stays where the
        // answers put it (a drift of 6 % a day carried through a year would put it at the grid's edge).
        let days = [0, 1, 2] + [3, 4, 5].map { $0 + breakDays }
        let steps = days.map { Self.step(day: $0, level: 60) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        #expect(solution.now.allSatisfy { $0.isFinite })
        #expect(abs(Self.mean(solution.now) - 60) < 2, "now \(Self.mean(solution.now)) after \(breakDays) days")
        #expect(abs(solution.rateWeights.reduce(0, +) - 1) < 1e-9)
    }

    @Test func aBreakAddsItsUncertaintyOnlyBeyondAHabitsGaps() {
        #expect(DriftingLevel.breakShare(days: 1) == 0 && DriftingLevel.breakShare(days: 4) == 0)
        #expect(DriftingLevel.breakShare(days: 11) > 0 && DriftingLevel.breakShare(days: 11) < 1)
        #expect(DriftingLevel.breakShare(days: 21) == 1 && DriftingLevel.breakShare(days: 400) == 1)
        // Five days at 60, three weeks away, then one day at 75: now is closer to 75 than after a one-day gap.
        let before = (0..<5).map { Self.step(day: $0, level: 60) }
        let afterADay = DriftingLevel.solve(before + [Self.step(day: 5, level: 75)], pairs: [0], grid: Self.grid)
        let afterABreak = DriftingLevel.solve(before + [Self.step(day: 26, level: 75)], pairs: [0], grid: Self.grid)
        #expect(Self.mean(afterABreak.now) > Self.mean(afterADay.now) + 1,
                "after a break \(Self.mean(afterABreak.now)), after a day \(Self.mean(afterADay.now))")
    }

    @Test func stillBetweenBreaksIsStillOverAHistoryWithoutABreak() {
        // Twenty days in a row at one level: the component that moves only at breaks would be the still one, so it
        // is left out and still takes its prior (the two share still's half).
        let steps = (0..<20).map { Self.step(day: $0, level: 60) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        #expect(solution.rateWeights[DriftingLevel.stillBetweenBreaks] == 0)
        #expect(solution.rateWeights[0] > 0.5, "still and still between breaks together: \(solution.rateWeights)")
    }

    @Test func aStepAtABreakIsAChangeNotStillness() {
        // Five days at 70, four weeks away, five days at 50, each day's level sharp: the model that jumps only at the
        // break explains it best, and the change reads as one (now below the start), not as a level that never moved.
        let steps = (0..<5).map { Self.step(day: $0, level: 70, sd: 2) } + (33..<38).map { Self.step(day: $0, level: 50, sd: 2) }
        let solution = DriftingLevel.solve(steps, pairs: [0], grid: Self.grid)
        #expect(solution.rateWeights[DriftingLevel.stillBetweenBreaks] > 0.5, "\(solution.rateWeights)")
        #expect(solution.rateWeights[0] < 1e-6)
        #expect(solution.probabilityLower > 0.99)
        #expect(abs(Self.mean(solution.now) - 50) < 1, "now \(Self.mean(solution.now))")
    }
}
