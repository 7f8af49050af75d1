/// A discipline's progress over time, the one source of its trend everywhere it is shown: its headline quantity
/// (smaller is better: a threshold, a spread) per day or week with 95 % intervals, and the first and latest
/// stretch with enough answers (`ProgressStretches`). The trend compares those two stretches' intervals.
public struct DisciplineProgress: Hashable, Sendable {
    /// What the numbers are, for words and charts.
    public enum Quantity: String, Hashable, Sendable {
        /// A 75 % discrimination threshold.
        case threshold
        /// The spread (SD) of signed errors.
        case spread
    }

    public var quantity: Quantity
    public var period: ProgressPeriod
    /// Every period with enough answers to show, oldest first.
    public var points: [ProgressEstimate]
    /// The earliest and the latest stretch with enough answers to compare; nil when there are not two.
    public var first: ProgressEstimate?
    public var latest: ProgressEstimate?
    /// Answers a stretch needs before it is compared.
    public var enoughTrials: Int

    public init(quantity: Quantity, period: ProgressPeriod, points: [ProgressEstimate], first: ProgressEstimate?,
                latest: ProgressEstimate?, enoughTrials: Int) {
        self.quantity = quantity
        self.period = period
        self.points = points
        self.first = first
        self.latest = latest
        self.enoughTrials = enoughTrials
    }

    /// Improving when the latest stretch's 95 % interval lies wholly below the first's, declining when wholly
    /// above, stable when they overlap; nil without two stretches to compare.
    public var trend: TrainingTrend? {
        guard let first, let latest else { return nil }
        return TrainingTrend(from: first, to: latest)
    }
}
