import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// A discipline's progress as a chart model, the same for the SVG and the Profile screen. `conclusiveOnly` leaves out
/// the periods whose figure is not firm yet ("not enough data yet"), as the SVG does: it draws no figure where the
/// text says there is none.
@MainActor
public enum ProgressChart {
    public static func model(_ profile: PerceptualProfile, discipline: TrainingDiscipline, unit: String,
                             conclusiveOnly: Bool = false) -> ProgressChartModel {
        let progress = profile.progress(of: discipline)
        let points = (progress?.points ?? []).filter { $0.isConclusive || !conclusiveOnly }.map { point in
            ProgressChartModel.Point(label: ReportJSON.day(point.start), value: point.value, lower: point.lower,
                                     upper: point.upper)
        }
        let caption = progress.flatMap { $0.points.isEmpty ? nil : ProgressText.chartCaption($0, unit: unit) }
            ?? ProgressText.noProgressYet
        let shortUnit = unit == "cents" ? "ct" : unit
        return ProgressChartModel(points: points, unit: shortUnit, caption: caption,
                                  trend: progress?.trend.map { tr(.chartTrend, ["trend": ProfileTrend($0).label]) } ?? ProgressText.noTrendYet,
                                  compared: ProgressText.compared(progress, unit: shortUnit))
    }
}
