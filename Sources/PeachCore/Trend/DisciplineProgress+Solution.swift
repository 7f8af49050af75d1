import Foundation

extension DisciplineProgress {
    /// The progress a solved `DriftingLevel` tells, its steps being training `days` (day index, answers), shown per
    /// `period`: each period's point is the level on its last training day given every answer, with the period's
    /// answers; now is the last training day's.
    init(quantity: Quantity, period: ProgressPeriod, days: [(day: Int, trials: Int)], solution: DriftingLevel.Solution,
         firstLog: Double, logStep: Double, enoughTrials: Int) {
        var points: [ProgressEstimate] = []
        var periodTrials = 0, periodFirstDay: Int?
        for (step, day) in days.enumerated() {
            periodTrials += day.trials
            periodFirstDay = periodFirstDay ?? day.day
            let index = period.index(ofDay: day.day)
            guard step == days.count - 1 || period.index(ofDay: days[step + 1].day) != index else { continue }
            // Named by its training days, not the calendar's: a week is labelled by the first day trained in it.
            var point = ProgressEstimate(masses: solution.path[step], firstLog: firstLog, logStep: logStep,
                                         start: ProgressPeriod.day.start(of: periodFirstDay ?? day.day), trials: periodTrials)
            point.lastStart = ProgressPeriod.day.start(of: day.day)
            points.append(point)
            periodTrials = 0
            periodFirstDay = nil
        }
        let last = days[days.count - 1]
        let wellTrained = Self.isWellTrained(answers: days.reduce(0) { $0 + $1.trials }, trainingDays: days.count)
        let now = ProgressEstimate(masses: solution.now, firstLog: firstLog, logStep: logStep,
                                   start: ProgressPeriod.day.start(of: last.day), trials: last.trials,
                                   maximumRatio: wellTrained ? .infinity : ThresholdEstimate.maximumConclusiveRatio)
        self.init(quantity: quantity, period: period, points: points, first: points.first, latest: now,
                  probabilityLower: solution.probabilityLower, probabilityHigher: solution.probabilityHigher,
                  stillWeight: solution.rateWeights[0],
                  enoughTrials: enoughTrials, trainingDays: days.count)
    }

    /// Answers and training days past which "now" is never "not enough data": an interval wider than
    /// `ThresholdEstimate.maximumConclusiveRatio` then says that the latest days disagree with the earlier ones (a
    /// listener who moves fast; in the benchmark a fast learner's now read 5.4 c (1.5–17.0) on 25 answers a day),
    /// which is worth showing as it is. Below them, such an interval comes from too few answers and says nothing.
    public static let answersAlwaysEnoughForNow = 300
    public static let trainingDaysAlwaysEnoughForNow = 3

    static func isWellTrained(answers: Int, trainingDays: Int) -> Bool {
        answers >= answersAlwaysEnoughForNow && trainingDays >= trainingDaysAlwaysEnoughForNow
    }
}
