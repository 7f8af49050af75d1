import PeachCore
import PeachText

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
        return ScreenFrame.compose(title: tr(.profileTitle), body: body, keyHints: tr(.profileKeyHints),
                                   size: size, style: style)
    }

    /// The summary under the chart: threshold, progress, pitch matching and what was trained.
    static func summaryLines(_ model: ProfileScreenModel) -> [(label: String, text: String)] {
        let chart = model.chart
        let comparison = chart.overall.map { tr(.profileThresholdPoint, ["threshold": ScreenFormat.threshold($0)]) }
            ?? tr(.profileNoComparisons)
        let stats = model.pitchMatching
        let matching: String
        if let summary = stats.summary {
            matching = tr(.profileBiasAndSpread, ["bias": ScreenFormat.signedWithInterval(summary.bias, summary.biasInterval),
                                                  "spread": ScreenFormat.withInterval(summary.spread, summary.spreadInterval)])
        } else {
            matching = tr(stats.count == 0 ? .profileNoMatches : .profileOneMatch)
        }
        let counts = tr(count: model.comparisonCount, one: .profileComparisonsOne, other: .profileComparisonsOther) + " · "
            + tr(count: stats.count, one: .profileMatchesOne, other: .profileMatchesOther)
        func label(_ id: MessageID) -> String { TextLayout.fit(tr(id), width: 16) }
        return [(label(.profileThreshold), comparison), (label(.profileProgress), model.progress ?? tr(.profileNotEnoughData)),
                (label(.profilePitchMatching), matching), (label(.profileTrained), counts)]
    }
}
