/// A discipline's progress over time, the one source of its "now" and its trend everywhere they are shown: its
/// headline quantity (smaller is better: a threshold, a spread) followed through time by `DriftingLevel`, with
/// 95 % intervals — now (the latest period, given every answer), the path per day or week, and how sure the model
/// is that now differs from where the user started.
public struct DisciplineProgress: Hashable, Sendable {
    /// What the numbers are, for words and charts.
    public enum Quantity: String, Hashable, Sendable {
        /// A 75 % discrimination threshold.
        case threshold
        /// The spread (SD) of signed errors.
        case spread
    }

    /// How sure the model must be that now lies below (above) the start before it says improving (declining); the
    /// words say how sure it is. 90 % for every quantity: a spread's answers measure it closely, and at 85 % a still
    /// spread read a direction in 3 of 40 histories; a threshold was read at 85 % until measurement trials followed
    /// the level now, which made a mover's verdict surer: on 400 histories per listener (two seed sets), 90 % keeps
    /// every stationary family stable in ≥ 95 % (the 16 % lapser ≥ 90 %), where 85 % left three of them short, and
    /// the six-day 20 → 8 c listener improving in 80–83 % (goal 75). docs/threshold-estimator.md.
    public static let trendCertainty = 0.9
    /// A trend is read only where the answers favour a moving level over a still one (the still rate's weight has
    /// fallen below ½, its prior over a history without a break; over one with a break, still between breaks counts
    /// as moving and still's own prior is 0.3): a well-measured spread that stands still otherwise reads a direction
    /// by chance in about one history in ten.
    public static let stillLimit = 0.5

    public var quantity: Quantity
    public var period: ProgressPeriod
    /// Every period with answers, oldest first: the smoothed path (each period's level given every answer).
    public var points: [ProgressEstimate]
    /// Where the user started (the first period, smoothed) and where they are now (the latest period); nil
    /// before the first answer.
    public var first: ProgressEstimate?
    public var latest: ProgressEstimate?
    /// The model's probability that now lies below (above) the start.
    public var probabilityLower: Double
    public var probabilityHigher: Double
    /// The posterior weight of "the level does not move at all".
    public var stillWeight: Double
    /// Answers in all before a trend is read.
    public var enoughTrials: Int
    /// The days with answers: a trend compares two of them, whatever the periods a chart shows.
    public var trainingDays: Int

    public init(quantity: Quantity, period: ProgressPeriod, points: [ProgressEstimate], first: ProgressEstimate?,
                latest: ProgressEstimate?, probabilityLower: Double = 0, probabilityHigher: Double = 0,
                stillWeight: Double = 1, enoughTrials: Int, trainingDays: Int? = nil) {
        self.quantity = quantity
        self.period = period
        self.points = points
        self.first = first
        self.latest = latest
        self.probabilityLower = probabilityLower
        self.probabilityHigher = probabilityHigher
        self.stillWeight = stillWeight
        self.enoughTrials = enoughTrials
        self.trainingDays = trainingDays ?? points.count
    }

    /// Why there is no trend: too few answers or training days, or now not known closely enough although there are
    /// enough of both; nil when there is a trend.
    public enum Shortfall: Hashable, Sendable {
        case answersOrDays
        case nowUnknown
    }

    public var shortfall: Shortfall? {
        guard trend == nil else { return nil }
        return hasEnoughAnswers ? .nowUnknown : .answersOrDays
    }

    /// Two training days or more, and `enoughTrials` answers.
    private var hasEnoughAnswers: Bool {
        trainingDays >= 2 && points.reduce(0, { $0 + $1.trials }) >= enoughTrials
    }

    /// Figures are given to one decimal: an interval wholly below this rounds to 0.0 and says nothing.
    public static let resolution = 0.05

    /// A threshold whose interval lies wholly above what Peach measures (`ThresholdEstimate.measurableCeiling`).
    public func isBeyondMeasure(_ estimate: ProgressEstimate) -> Bool {
        quantity == .threshold && estimate.lower >= ThresholdEstimate.measurableCeiling
    }

    /// A spread whose interval lies wholly below `resolution` (every error the same, or nearly).
    public func isBelowResolution(_ estimate: ProgressEstimate) -> Bool {
        quantity == .spread && estimate.upper < Self.resolution
    }

    /// Where the user is now; nil before the first answer.
    public var now: ProgressEstimate? { latest }

    /// Improving when the answers favour a moving level (`stillLimit`) and the model is `trendCertainty` sure that
    /// now lies below the start, declining when above, stable otherwise; nil while there is one training day, fewer than
    /// `enoughTrials` answers, or now is not known.
    public var trend: TrainingTrend? {
        guard hasEnoughAnswers, let latest, latest.isConclusive else { return nil }
        guard stillWeight < Self.stillLimit else { return .stable }
        if probabilityLower >= Self.trendCertainty { return .improving }
        if probabilityHigher >= Self.trendCertainty { return .declining }
        return .stable
    }

    /// The probability behind the trend's word: that now is below the start (improving), above it (declining), or
    /// the larger of the two (stable).
    public var trendProbability: Double? {
        switch trend {
        case .improving: probabilityLower
        case .declining: probabilityHigher
        case .stable: max(probabilityLower, probabilityHigher)
        case nil: nil
        }
    }
}
