/// The trend rule. Errors are magnitudes where smaller is better: |presented cent offset| for comparisons
/// (the adaptive strategy lowers it as the user hears finer), |signed error| for pitch matching.
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

    /// `errors` oldest first; signs are ignored.
    public func trend(ofErrors errors: [Cents]) -> TrainingTrend? {
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
        trend(ofErrors: Self.chronological(records).compactMap { record in
            guard record.discipline == discipline else { return nil }
            return Self.error(of: record)
        })
    }

    /// The magnitude the rule compares: smaller is better.
    static func error(of record: TrainingRecord) -> Cents? {
        switch record {
        case .comparison(let comparison): comparison.presentedCentOffset
        case .pitchMatching(let matching): matching.userCentError
        case .thresholdTest: nil
        }
    }

    private static func chronological<Records: Sequence>(_ records: Records) -> [TrainingRecord]
    where Records.Element == TrainingRecord {
        // Stored history is usually sorted already; the sort is stable for equal timestamps.
        Array(records).enumerated().sorted {
            ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
        }.map(\.element)
    }

    private static func meanMagnitude<Values: Collection>(_ values: Values) -> Double where Values.Element == Cents {
        values.reduce(0) { $0 + abs($1.value) } / Double(values.count)
    }
}
