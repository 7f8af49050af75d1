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
    /// "improved from 12.1 (9.8–15.0) to 7.9 (6.5–9.6) cents since …", or "no clear change …"; nil without enough data.
    public var progress: String?

    public init(chart: ProfileChartModel, comparisonCount: Int, pitchMatching: PitchMatchingStats, progress: String? = nil) {
        self.chart = chart
        self.comparisonCount = comparisonCount
        self.pitchMatching = pitchMatching
        self.progress = progress
    }
}

public enum ProfileScreen {
    public static func render(_ model: ProfileScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let bodyRows = size.rows - 4
        // Four summary lines and a blank below the chart; the chart takes the rest.
        let chartHeight = max(bodyRows - 5, 4)
        var body = TerminalProfileChart.render(model.chart, width: size.columns - 2, height: chartHeight, style: style)
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
