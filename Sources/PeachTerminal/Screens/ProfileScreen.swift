import PeachCore

/// Pitch-matching results for the profile screen.
public struct PitchMatchingStats: Hashable, Sendable {
    public var count: Int
    /// Bias and spread with their 95 % intervals; nil before two attempts.
    public var summary: PitchMatchingSummary?
    public var trend: ProfileTrend?

    public init(count: Int, summary: PitchMatchingSummary? = nil, trend: ProfileTrend? = nil) {
        self.count = count
        self.summary = summary
        self.trend = trend
    }
}

public struct ProfileScreenModel: Hashable, Sendable {
    public var chart: ProfileChartModel
    public var comparisonCount: Int
    public var pitchMatching: PitchMatchingStats
    /// The trend and the stretches it compares ("stable: no clear change …"), or why there is none yet.
    public var progress: String?
    /// The threshold per day or week with intervals, under the profile chart.
    public var progressChart: ProgressChartModel?

    public init(chart: ProfileChartModel, comparisonCount: Int, pitchMatching: PitchMatchingStats, progress: String? = nil,
                progressChart: ProgressChartModel? = nil) {
        self.chart = chart
        self.comparisonCount = comparisonCount
        self.pitchMatching = pitchMatching
        self.progress = progress
        self.progressChart = progressChart
    }
}

public enum ProfileScreen {
    public static func render(_ model: ProfileScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let bodyRows = size.rows - 4
        // Four summary lines and a blank below the charts; the profile chart takes 3/5 of the rest, progress 2/5
        // (only its caption when the screen is short or nothing is charted yet).
        let chartsHeight = max(bodyRows - 5, 4)
        let progress = model.progressChart.map { chart in
            TerminalProgressChart.render(chart, width: size.columns - 2, height: max(chartsHeight * 2 / 5, 1), style: style)
        } ?? []
        var body = TerminalProfileChart.render(model.chart, width: size.columns - 2,
                                               height: max(chartsHeight - progress.count, 4), style: style)
        body += progress
        body.append("")
        body += summaryLines(model).map { style.bold($0.label) + $0.text }
        return ScreenFrame.compose(title: "Profile", body: body, keyHints: "←/→ every discipline · Esc/q back",
                                   size: size, style: style)
    }

    /// The summary under the chart: threshold, progress, pitch matching and what was trained.
    static func summaryLines(_ model: ProfileScreenModel) -> [(label: String, text: String)] {
        let chart = model.chart
        let comparison = chart.overall.map { "75 % point " + ScreenFormat.threshold($0) } ?? "no comparisons yet"
        let stats = model.pitchMatching
        let matching: String
        if let summary = stats.summary {
            matching = "bias " + ScreenFormat.signedWithInterval(summary.bias, summary.biasInterval)
                + " · spread " + ScreenFormat.withInterval(summary.spread, summary.spreadInterval)
        } else {
            matching = stats.count == 0 ? "no pitch matches yet" : "1 pitch match: too few for an interval"
        }
        let counts = "\(model.comparisonCount) comparison\(model.comparisonCount == 1 ? "" : "s") · "
            + "\(stats.count) pitch match\(stats.count == 1 ? "" : "es")"
        return [("Threshold       ", comparison), ("Progress        ", model.progress ?? "not enough data yet"),
                ("Pitch matching  ", matching), ("Trained         ", counts)]
    }
}
