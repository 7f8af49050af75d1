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
    /// words say how sure it is. A threshold, 85 %: a stationary listener reads stable in 39 of 40 simulated
    /// histories, one falling from 20 to 8 c in six days improving in 31 of 40 (26 at 90 %). A spread, 90 %: its
    /// answers measure it more closely, and a still spread read a direction in 3 of 40 histories at 85 %.
    /// docs/threshold-estimator.md.
    public static func trendCertainty(_ quantity: Quantity) -> Double {
        switch quantity {
        case .threshold: 0.85
        case .spread: 0.9
        }
    }
    /// A trend is read only where the answers favour a moving level over a still one (the still rate's weight has
    /// fallen below its prior, ½): a well-measured spread that stands still otherwise reads a direction by chance in
    /// about one history in ten.
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

    public init(quantity: Quantity, period: ProgressPeriod, points: [ProgressEstimate], first: ProgressEstimate?,
                latest: ProgressEstimate?, probabilityLower: Double = 0, probabilityHigher: Double = 0,
                stillWeight: Double = 1, enoughTrials: Int) {
        self.quantity = quantity
        self.period = period
        self.points = points
        self.first = first
        self.latest = latest
        self.probabilityLower = probabilityLower
        self.probabilityHigher = probabilityHigher
        self.stillWeight = stillWeight
        self.enoughTrials = enoughTrials
    }

    /// Where the user is now; nil before the first answer.
    public var now: ProgressEstimate? { latest }

    /// Improving when the answers favour a moving level (`stillLimit`) and the model is `trendCertainty` sure that
    /// now lies below the start, declining when above, stable otherwise; nil while there is one period, fewer than
    /// `enoughTrials` answers, or now is not known.
    public var trend: TrainingTrend? {
        guard points.count >= 2, let latest, latest.isConclusive,
              points.reduce(0, { $0 + $1.trials }) >= enoughTrials else { return nil }
        guard stillWeight < Self.stillLimit else { return .stable }
        if probabilityLower >= Self.trendCertainty(quantity) { return .improving }
        if probabilityHigher >= Self.trendCertainty(quantity) { return .declining }
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
