import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct ThresholdRecoveryTests {
    @Test func theEstimatorRecoversASimulatedListenerWithinItsInterval() {
        var random = SeededRandom(seed: 11)
        let listener = SimulatedListener(threshold: Cents(12), slope: 1.2, lapseRate: 0.02)
        var posterior = ThresholdPosterior()
        for _ in 0..<400 {
            let difference = Cents(exp(Double.random(in: log(2)...log(60), using: &random)))
            posterior.update(difference: difference, correct: listener.answersCorrectly(difference, using: &random))
        }
        let estimate = posterior.estimate
        #expect(estimate.isConclusive)
        #expect(estimate.contains(Cents(12)))
        #expect(estimate.intervalRatio < 2)
        #expect(estimate.trials == 400)
    }

    @Test func threeTrialsAreNotEnoughData() {
        var posterior = ThresholdPosterior()
        posterior.update(difference: Cents(100), correct: true)
        posterior.update(difference: Cents(50), correct: true)
        posterior.update(difference: Cents(32), correct: false)
        #expect(!posterior.estimate.isConclusive)
    }

    @Test func theSimulatedListenersSeventyFivePercentPointIsItsThreshold() {
        for slope in [0.7, 1.0, 1.5] {
            let listener = SimulatedListener(threshold: Cents(7), slope: slope, lapseRate: 0)
            #expect(abs(listener.probabilityCorrect(Cents(7)) - 0.75) < 1e-9)
            #expect(listener.probabilityCorrect(Cents(1)) < 0.75)
        }
        // Lapses pull the top down to 1 − λ/2.
        let lapsing = SimulatedListener(threshold: Cents(7), slope: 1, lapseRate: 0.04)
        #expect(abs(lapsing.probabilityCorrect(Cents(1e6)) - 0.98) < 1e-9)
    }

    @Test func theModelsSeventyFivePercentPointIsTTheThreshold() {
        let p = PsychometricFunction.probabilityCorrect(difference: 9, threshold: 9, slope: 2.5, lapse: 0)
        #expect(abs(p - 0.75) < 1e-12)
        let d = PsychometricFunction.difference(atProbability: 0.85, threshold: 9, slope: 2.5, lapse: 0.02)
        #expect(abs(PsychometricFunction.probabilityCorrect(difference: d, threshold: 9, slope: 2.5, lapse: 0.02) - 0.85) < 1e-9)
    }
}
