import Foundation
import PeachCore
import PeachDisciplines

extension ThresholdEstimatorBenchmark {
    /// One procedure's state through a simulated run: the difference it plays next, what it learns from an
    /// answer, and its estimate so far.
    struct SimulatedRun {
        let procedure: Procedure
        var posterior = ThresholdPosterior(grid: grid)
        var test: ThresholdTestProcedure
        var planner = MeasurementTrialPlanner.simulated(period: measurementPeriod, placementTarget: measurementTarget)
        var kazezDifference = KazezRule.initialDifference
        let oracle: InformationLimit.Design?
        let start = Date(timeIntervalSince1970: 0)

        /// The threshold test after training starts from the slope the training learned, on `random`'s answers.
        /// - Parameter spread: the two-point oracle's ln(d / T) either side of T (nil: the one the sweep chose).
        init(cell: Cell, procedure: Procedure, random: inout SeededGenerator, spread: Double?) {
            self.procedure = procedure
            let slopePrior = procedure == .thresholdTestAfterTraining
                ? train(listener: SimulatedListener(threshold: Cents(cell.threshold(atTrial: 1)), slope: cell.slope,
                                                    lapseRate: cell.lapse), random: &random).slopePrior
                : nil
            test = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!, stopRule: .fixed(checkpoints.last!), grid: grid,
                                          placementTarget: placementTarget, slopePrior: slopePrior)
            oracle = switch procedure {
            case .oracleOnePoint: oracleDesigns.withLock { $0[cell.slope * 100 + cell.lapse] }
            case .oracleTwoPoints:
                InformationLimit.Design(x1: -(spread ?? oracleSpread.withLock { $0 }), x2: spread ?? oracleSpread.withLock { $0 },
                                        weight: 0.5, ratio: .nan)
            case .kazez, .kazezWithMeasurements, .thresholdTest, .thresholdTestAfterTraining: nil
            }
        }

        /// The difference the procedure plays on 1-based `trial`.
        mutating func nextDifference(trial: Int, cell: Cell) -> Cents {
            switch procedure {
            case .kazez:
                return kazezDifference
            case .kazezWithMeasurements:
                // A copy for the planner to read: the closure may not reach into `self` while the planner changes.
                let current = posterior
                switch planner.planNext(posterior: { current }) {
                case .kazez:
                    return planner.lastKazezTrial.map {
                        KazezRule.next(after: $0.comparison.centOffset, wasCorrect: $0.isCorrect, within: bounds)
                    } ?? KazezRule.initialDifference
                case .measurement(let measured), .lapseProbe(let measured):
                    return measured
                }
            case .thresholdTest, .thresholdTestAfterTraining:
                return test.nextDifference
            case .oracleOnePoint, .oracleTwoPoints:
                return oracle!.playableDifference(trial: trial, threshold: cell.threshold(atTrial: trial), within: bounds)
            }
        }

        /// Learns from the listener's answer at `difference`.
        mutating func record(difference: Cents, correct: Bool) {
            switch procedure {
            case .kazez:
                posterior.update(difference: difference, correct: correct)
                kazezDifference = KazezRule.next(after: difference, wasCorrect: correct, within: bounds)
            case .kazezWithMeasurements:
                posterior.update(difference: difference, correct: correct)
                // A positive offset is "higher": answering "higher" is the correct answer.
                planner.record(CompletedComparison(comparison: Comparison(referenceNote: MIDINote.a4, centOffset: difference),
                                                   answeredHigher: correct, timestamp: start))
            case .thresholdTest, .thresholdTestAfterTraining:
                test.record(difference: difference, correct: correct)
            case .oracleOnePoint, .oracleTwoPoints:
                posterior.update(difference: difference, correct: correct)
            }
        }

        /// The procedure's estimate of the threshold so far.
        var estimate: ThresholdEstimate {
            switch procedure {
            case .thresholdTest, .thresholdTestAfterTraining: test.result
            case .kazez, .kazezWithMeasurements, .oracleOnePoint, .oracleTwoPoints: posterior.estimate
            }
        }
    }
}
