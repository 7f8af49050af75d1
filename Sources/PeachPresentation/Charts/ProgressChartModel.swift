import PeachCore

/// What a progress chart draws: one discipline's headline quantity (a threshold, a spread) per day or week, each
/// with its 95 % interval, on a log axis; filled by the discipline's report from `DisciplineProgress`.
public struct ProgressChartModel: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        /// The period's first day, "2026-11-20".
        public var label: String
        public var value: Double
        public var lower: Double
        public var upper: Double

        public init(label: String, value: Double, lower: Double, upper: Double) {
            self.label = label
            self.value = value
            self.lower = lower
            self.upper = upper
        }
    }

    public var points: [Point]
    /// Each tick's unit: "ct", "ms".
    public var unit: String
    /// What is plotted, under the chart (or why nothing is).
    public var caption: String
    /// The trend indicator ("↗ improving") or why there is none yet.
    public var trend: String
    /// The two stretches the trend compares, in a line ("" when there are not two).
    public var compared: String

    public init(points: [Point], unit: String, caption: String, trend: String, compared: String = "") {
        self.points = points
        self.unit = unit
        self.caption = caption
        self.trend = trend
        self.compared = compared
    }

    public var scale: ThresholdScale {
        ThresholdScale(fitting: points.flatMap { [$0.lower, $0.value, $0.upper] })
    }
}
