import PeachCore
import PeachPresentation
import PeachText

/// One discipline's part of the Profile screen's first page: its summary lines, how many trials it counts in
/// the "Trained" line, and (for the discipline whose chart heads the page) the progress chart under it.
public struct ProfileOverviewPart {
    public var lines: [ProfileSummaryLine]
    /// "412 comparisons"; nil: it adds nothing to the "Trained" line.
    public var trained: String?
    public var progressChart: ProgressChartModel?

    public init(lines: [ProfileSummaryLine] = [], trained: String? = nil, progressChart: ProgressChartModel? = nil) {
        self.lines = lines
        self.trained = trained
        self.progressChart = progressChart
    }
}

/// The Profile screen's first page from every registered report's part, in registry order: their lines, then
/// one "Trained" line of their counts; the first report with an overview chart draws it (the Start screen too).
@MainActor
public enum ProfileOverview {
    public static func model(_ context: ReportContext) -> ProfileScreenModel {
        let parts = Disciplines.all.compactMap { $0.report.overview(in: context) }
        let trained = parts.compactMap(\.trained).joined(separator: " · ")
        return ProfileScreenModel(
            chart: chart(context),
            summary: parts.flatMap(\.lines) + [ProfileSummaryLine(label: tr(.profileTrained), text: trained)],
            progressChart: parts.lazy.compactMap(\.progressChart).first)
    }

    /// The threshold chart over the keyboard that heads the Profile screen and the Start screen.
    public static func chart(_ context: ReportContext) -> ProfileChartModel {
        Disciplines.all.lazy.compactMap { $0.report.overviewChart(in: context) }.first ?? .empty(range: context.range)
    }
}
