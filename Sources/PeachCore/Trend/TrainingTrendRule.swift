/// The trend rule. Errors are magnitudes where smaller is better, in the discipline's own unit (each record's
/// `trendError`): |presented cent offset| for comparisons (the adaptive strategy lowers it as the user hears
/// finer), |signed error| for pitch matching, milliseconds for timing.
///
/// Take the records of one discipline in time order; compare the mean error of the most recent `windowSize`
/// against the mean of the `windowSize` just before them. A drop by at least `relativeChange` of the earlier
/// mean is `improving`, a rise by at least as much is `declining`, anything in between `stable`.
/// Fewer than 2 × `windowSize` records: nil (not enough data).
public struct TrainingTrendRule: Hashable, Sendable {
    public var windowSize: Int
    /// Fraction of the earlier mean, e.g. 0.1 = 10 %.
    public var relativeChange: Double

    public init(windowSize: Int = 20, relativeChange: Double = 0.1) {
        self.windowSize = max(1, windowSize)
        self.relativeChange = abs(relativeChange)
    }

    /// `errors` oldest first, in any unit; signs are ignored.
    public func trend<Unit: TrainingUnit>(ofErrors errors: [Unit]) -> TrainingTrend? {
        trend(ofValues: errors.map(\.value))
    }

    /// `errors` oldest first, as numbers in the discipline's unit; signs are ignored.
    public func trend(ofValues errors: [Double]) -> TrainingTrend? {
        guard errors.count >= 2 * windowSize else { return nil }
        let recent = errors.suffix(windowSize)
        let earlier = errors.dropLast(windowSize).suffix(windowSize)
        let recentMean = Self.meanMagnitude(recent)
        let earlierMean = Self.meanMagnitude(earlier)
        let change = recentMean - earlierMean
        let tolerance = relativeChange * earlierMean
        if change == 0 || abs(change) < tolerance { return .stable }
        return change < 0 ? .improving : .declining
    }

    /// The trend of `discipline`'s records among `records` (any order); other disciplines are ignored.
    public func trend<Records: Sequence>(of records: Records, in discipline: TrainingDiscipline) -> TrainingTrend?
    where Records.Element == TrainingRecord {
        trend(ofValues: Self.chronological(records).compactMap { record in
            guard record.discipline == discipline else { return nil }
            return record.trendError
        })
    }

    private static func chronological<Records: Sequence>(_ records: Records) -> [TrainingRecord]
    where Records.Element == TrainingRecord {
        // Stored history is usually sorted already; the sort is stable for equal timestamps.
        Array(records).enumerated().sorted {
            ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
        }.map(\.element)
    }

    private static func meanMagnitude<Values: Collection>(_ values: Values) -> Double where Values.Element == Double {
        values.reduce(0) { $0 + abs($1) } / Double(values.count)
    }
}
