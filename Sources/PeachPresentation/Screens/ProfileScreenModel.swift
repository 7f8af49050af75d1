import PeachCore
import PeachText

/// One line of the profile overview's summary: a bold label ("Threshold") and its text.
public struct ProfileSummaryLine: Hashable, Sendable {
    public var label: String
    public var text: String

    public init(label: String, text: String) {
        self.label = label
        self.text = text
    }
}

/// The Profile screen's first page: a threshold chart over the keyboard, a progress chart under it and a few
/// summary lines, each contributed by the disciplines that have something to say there.
public struct ProfileScreenModel: Hashable, Sendable {
    public var chart: ProfileChartModel
    public var summary: [ProfileSummaryLine]
    /// The threshold per day or week with intervals, under the profile chart.
    public var progressChart: ProgressChartModel?

    public init(chart: ProfileChartModel, summary: [ProfileSummaryLine], progressChart: ProgressChartModel? = nil) {
        self.chart = chart
        self.summary = summary
        self.progressChart = progressChart
    }
}
