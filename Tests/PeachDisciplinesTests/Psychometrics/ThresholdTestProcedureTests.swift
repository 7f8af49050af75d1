import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct ThresholdTestProcedureTests {
    static func run(_ stopRule: ThresholdTestStopRule, seed: UInt64, threshold: Double = 6,
                    slopePrior: SlopePrior? = nil) -> (ThresholdTestProcedure, Int) {
        var random = SeededRandom(seed: seed)
        let listener = SimulatedListener(threshold: Cents(threshold), slope: 1.3, lapseRate: 0.02)
        var procedure = ThresholdTestProcedure(noteRange: MIDINote(55)!...MIDINote(67)!, stopRule: stopRule,
                                               slopePrior: slopePrior)
        var played = 0
        while !procedure.isComplete && played < 1000 {
            let trial = procedure.nextTrial(using: &random)
            #expect((55...67).contains(trial.note.rawValue))
            #expect(procedure.differenceBounds.contains(trial.difference))
            procedure.record(difference: trial.difference, correct: listener.answersCorrectly(trial.difference, using: &random))
            played += 1
        }
        return (procedure, played)
    }

    @Test func aFixedTestEndsAfterItsTrialCount() {
        let (procedure, played) = Self.run(.fixed(60), seed: 3)
        #expect(played == 60)
        #expect(procedure.isComplete)
        #expect(procedure.result.trials == 60)
        #expect(!procedure.reachedPrecision, "a fixed test has no precision to reach")
    }

    @Test func answersAfterTheEndAreIgnored() {
        var (procedure, _) = Self.run(.fixed(5), seed: 4)
        let before = procedure.result
        procedure.record(difference: Cents(1), correct: false)
        #expect(procedure.result == before)
    }

    @Test func sixtyTrialsRecoverTheListener() {
        let (procedure, _) = Self.run(.fixed(60), seed: 5)
        #expect(procedure.result.contains(Cents(6)))
        #expect(procedure.result.isConclusive)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func itStopsOnTheFirstAnswerThatReachesThePrecision(seed: UInt64) {
        let rule = ThresholdTestStopRule(precision: 2.5, maximumTrials: 400)
        let (procedure, played) = Self.run(rule, seed: seed)
        #expect(procedure.reachedPrecision)
        #expect(procedure.result.isConclusive && procedure.result.intervalRatio <= 2.5)
        #expect(procedure.result.trials == played && played < 400)
        // One answer fewer (the same answers, replayed) was not yet precise enough.
        let (shorter, _) = Self.run(.fixed(played - 1), seed: seed)
        #expect(shorter.result.intervalRatio > 2.5)
    }

    @Test func theCapStopsATestThatCannotReachItsPrecision() {
        let rule = ThresholdTestStopRule(precision: 1.5, maximumTrials: 40)
        let (procedure, played) = Self.run(rule, seed: 14)
        #expect(played == 40)
        #expect(procedure.isComplete && !procedure.reachedPrecision)
        #expect(procedure.result.intervalRatio > 1.5)
    }

    @Test func aLooserPrecisionStopsSooner() {
        let (loose, _) = Self.run(ThresholdTestStopRule(precision: 4, maximumTrials: 400), seed: 15)
        let (tight, _) = Self.run(ThresholdTestStopRule(precision: 2.5, maximumTrials: 400), seed: 15)
        #expect(loose.trialsDone < tight.trialsDone)
    }

    @Test func itKnowsWhetherItStartedFromTheTrainedSlope() {
        let trained = SlopePrior(logPairWeights: ThresholdGrid.standard.logPairPrior, trials: 300)
        #expect(ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!, slopePrior: trained).startedFromTrainedSlope)
        #expect(!ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!).startedFromTrainedSlope)
        #expect(!ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!, slopePrior: .cold()).startedFromTrainedSlope)
    }

    @Test func placementMovesTowardsTheThreshold() {
        // After many correct answers at large differences the next trial is placed lower, and vice versa.
        var easy = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!)
        var hard = easy
        for _ in 0..<8 {
            easy.record(difference: Cents(20), correct: true)
            hard.record(difference: Cents(20), correct: false)
        }
        #expect(easy.nextDifference < Cents(20))
        #expect(hard.nextDifference > Cents(20))
    }
}

@Suite struct ThresholdTestStopRuleTests {
    @Test func onlyABoundedIntervalAtMostThePrecisionReachesIt() {
        let rule = ThresholdTestStopRule(precision: 2.5, maximumTrials: 150)
        #expect(rule.isReached(by: ThresholdTestStandingTests.estimate(4, 10, trials: 90)))
        #expect(!rule.isReached(by: ThresholdTestStandingTests.estimate(4, 10.1, trials: 90)))
        #expect(!rule.isReached(by: ThresholdTestStandingTests.estimate(4, 9, trials: 90, conclusive: false)),
                "an interval at the grid's edge is not a measurement, however narrow")
        #expect(!rule.isComplete(ThresholdTestStandingTests.estimate(4, 12, trials: 149)))
        #expect(rule.isComplete(ThresholdTestStandingTests.estimate(4, 12, trials: 150)), "the cap")
        #expect(!ThresholdTestStopRule.fixed(60).isReached(by: ThresholdTestStandingTests.estimate(4, 5, trials: 20)))
        #expect(!ThresholdTestStopRule.fixed(60).isComplete(ThresholdTestStandingTests.estimate(4, 5, trials: 20)))
    }

    @Test func theDefaultIsTwoAndAHalfWithinACapOf150AndBothAreAllowedValues() {
        #expect(ThresholdTestStopRule.standard == ThresholdTestStopRule(precision: 2.5, maximumTrials: 150))
        #expect(ThresholdTestStopRule.allowedPrecision.contains(ThresholdTestStopRule.defaultPrecision))
        #expect(ThresholdTestStopRule.allowedMaximumTrials.contains(ThresholdTestStopRule.defaultMaximumTrials))
    }
}

@Suite struct ThresholdTestStandingTests {
    static func estimate(_ lower: Double, _ upper: Double, trials: Int, conclusive: Bool = true) -> ThresholdEstimate {
        ThresholdEstimate(median: Cents((lower * upper).squareRoot()), lower: Cents(lower), upper: Cents(upper),
                          trials: trials, isConclusive: conclusive)
    }

    @Test func itSaysWhereTheIntervalStandsAgainstTheGoal() {
        let rule = ThresholdTestStopRule(precision: 2.5, maximumTrials: 150)
        #expect(ThresholdTestStanding(estimate: Self.estimate(4.1, 12.3, trials: 40), stopRule: rule).text
                == "4.1–12.3 c, ×3.0 (goal ×2.5)")
        #expect(ThresholdTestStanding(estimate: Self.estimate(4.1, 9.8, trials: 90), stopRule: rule).text
                == "4.1–9.8 c, ×2.4: done")
        #expect(ThresholdTestStanding(estimate: Self.estimate(4.1, 12.3, trials: 150), stopRule: rule).text
                == "4.1–12.3 c, ×3.0: cap of 150 trials reached")
        #expect(ThresholdTestStanding(estimate: Self.estimate(0.2, 90, trials: 5, conclusive: false), stopRule: rule).text
                == "interval not bounded yet (goal ×2.5)")
    }
}
