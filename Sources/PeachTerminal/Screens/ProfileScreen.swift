import PeachCore

/// Pitch-matching results for the profile screen.
public struct PitchMatchingStats: Hashable, Sendable {
    public var count: Int
    public var meanAbsoluteError: Cents?
    public var standardDeviation: Cents?
    public var trend: ProfileTrend?

    public init(count: Int, meanAbsoluteError: Cents? = nil, standardDeviation: Cents? = nil, trend: ProfileTrend? = nil) {
        self.count = count
        self.meanAbsoluteError = meanAbsoluteError
        self.standardDeviation = standardDeviation
        self.trend = trend
    }
}

public struct ProfileScreenModel: Hashable, Sendable {
    public var chart: ProfileChartModel
    public var comparisonCount: Int
    public var pitchMatching: PitchMatchingStats

    public init(chart: ProfileChartModel, comparisonCount: Int, pitchMatching: PitchMatchingStats) {
        self.chart = chart
        self.comparisonCount = comparisonCount
        self.pitchMatching = pitchMatching
    }
}

public enum ProfileScreen {
    public static func render(_ model: ProfileScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let bodyRows = size.rows - 4
        // Three summary lines and a blank below the chart; the chart takes the rest.
        let chartHeight = max(bodyRows - 4, 4)
        var body = TerminalProfileChart.render(model.chart, width: size.columns - 2, height: chartHeight, style: style)
        body.append("")
        body += summaryLines(model).map { style.bold($0.label) + $0.text }
        return ScreenFrame.compose(title: "Profile", body: body, keyHints: "Esc/q back",
                                   size: size, style: style)
    }

    /// The same summary `peach profile` prints as text.
    public static func summaryLines(_ model: ProfileScreenModel) -> [(label: String, text: String)] {
        let chart = model.chart
        let comparison = chart.hasData
            ? "mean \(chart.mean.map(ScreenFormat.cents) ?? "—") · std dev \(chart.standardDeviation.map(ScreenFormat.cents) ?? "—")"
                + " · trend \(chart.trend?.label ?? "—")"
            : "no comparisons yet"
        let stats = model.pitchMatching
        let matching = stats.count == 0 ? "no pitch matches yet" :
            "mean error \(stats.meanAbsoluteError.map(ScreenFormat.cents) ?? "—") · std dev \(stats.standardDeviation.map(ScreenFormat.cents) ?? "—")"
                + " · trend \(stats.trend?.label ?? "—")"
        let counts = "\(model.comparisonCount) comparison\(model.comparisonCount == 1 ? "" : "s") · "
            + "\(stats.count) pitch match\(stats.count == 1 ? "" : "es")"
        return [("Threshold       ", comparison), ("Pitch matching  ", matching), ("Trained         ", counts)]
    }

    /// `peach profile` without --svg: plain text lines, no escape sequences.
    public static func textSummary(_ model: ProfileScreenModel, width: Int = 80) -> String {
        let chart = TerminalProfileChart.render(model.chart, width: width, height: 12, style: Styler(.monochrome))
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        return (chart + [""] + summaryLines(model).map { $0.label + $0.text }).joined(separator: "\n") + "\n"
    }
}
