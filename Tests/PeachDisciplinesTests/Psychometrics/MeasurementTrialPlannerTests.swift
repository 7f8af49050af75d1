import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct MeasurementTrialPlannerTests {
    static let bounds = Cents(0.1)...Cents(100)

    static func completed(_ difference: Cents, correct: Bool) -> CompletedComparison {
        CompletedComparison(comparison: Comparison(referenceNote: MIDINote.a4, centOffset: difference),
                            answeredHigher: correct, timestamp: Date(timeIntervalSince1970: 0))
    }

    /// The Kazez differences played when the Kazez trials get `answers` in order; measurement trials and lapse
    /// probes (if any) get answers from `noise`.
    static func kazezDifferences(answers: [Bool], withMeasurements: Bool, noise: UInt64) -> [Cents] {
        var planner = MeasurementTrialPlanner(period: withMeasurements ? 4 : Int.max,
                                              probeEvery: withMeasurements ? MeasurementTrialPlanner.defaultProbeEvery : 0,
                                              differenceBounds: bounds)
        var posterior = ThresholdPosterior()
        var random = SeededRandom(seed: noise)
        var kazez: [Cents] = []
        var remaining = answers[...]
        while let answer = remaining.first {
            switch planner.planNext(posterior: { posterior }) {
            case .kazez:
                let difference = planner.lastKazezTrial.map {
                    KazezRule.next(after: $0.comparison.centOffset, wasCorrect: $0.isCorrect, within: bounds)
                } ?? KazezRule.initialDifference
                kazez.append(difference)
                remaining = remaining.dropFirst()
                planner.record(completed(difference, correct: answer))
                posterior.update(difference: difference, correct: answer)
            case .measurement(let difference), .lapseProbe(let difference):
                let answer = Bool.random(using: &random)
                planner.record(completed(difference, correct: answer))
                posterior.update(difference: difference, correct: answer)
            }
        }
        return kazez
    }

    @Test func measurementTrialsAndProbesNeverChangeTheKazezSequence() {
        var random = SeededRandom(seed: 21)
        let answers = (0..<80).map { _ in Double.random(in: 0..<1, using: &random) < 0.7 }
        let plain = Self.kazezDifferences(answers: answers, withMeasurements: false, noise: 1)
        #expect(plain.count == 80)
        for noise in [UInt64(2), 3, 4] {
            #expect(Self.kazezDifferences(answers: answers, withMeasurements: true, noise: noise) == plain)
        }
    }

    @Test func everyFourthTrialIsAMeasurementTrial() {
        var planner = MeasurementTrialPlanner(period: 4, probeEvery: 0)
        var kinds: [Bool] = []
        for _ in 0..<12 {
            let measure = planner.nextIsMeasurement
            let planned = planner.planNext(posterior: { ThresholdPosterior() })
            if case .measurement = planned { kinds.append(true) } else { kinds.append(false) }
            #expect(kinds.last == measure)
            planner.record(Self.completed(Cents(10), correct: true))
        }
        #expect(kinds == [false, false, false, true, false, false, false, true, false, false, false, true])
        #expect(MeasurementTrialPlanner().period == 2, "the default: every other trial")
    }

    @Test func measurementTrialsGoAboveTheKazezLevel() {
        // Kazez settles where about 60 % are right; a listener answering 60 % right at 10 c has a higher 75 % point,
        // and the most informative difference lies above the Kazez level.
        var posterior = ThresholdPosterior()
        for index in 0..<60 { posterior.update(difference: Cents(10), correct: index % 5 < 3) }
        var planner = MeasurementTrialPlanner(period: 2)
        _ = planner.planNext(posterior: { posterior })
        guard case .measurement(let difference) = planner.planNext(posterior: { posterior }) else {
            Issue.record("the second trial of period 2 is a measurement trial")
            return
        }
        #expect(difference > Cents(10))
        #expect(Self.bounds.contains(difference))
    }
}
