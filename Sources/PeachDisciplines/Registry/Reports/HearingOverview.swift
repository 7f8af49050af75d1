import PeachCore
import PeachPresentation
import PeachText

/// The SVG's first panel: where every trained discipline stands now (its latest training day, with the 95 %
/// interval) and its trend, before the detail panels; one line saying so while no discipline knows where it stands.
@MainActor
enum HearingOverview {
    static func panel(_ sections: [TrainingDiscipline], in context: ReportContext) -> SVGPanel {
        let lines = sections.compactMap { line(for: $0, in: context) }
        var panel = SVGPanel.line(tr(.overviewHeading), underTitle: true)
        for text in lines.isEmpty ? [tr(.overviewNotYet)] : lines { panel = panel.appendingLine(text) }
        return panel
    }

    /// "Pitch discrimination: threshold 5.9 (2.1–13.0) cents · → stable"; nil while the discipline's now is not firm.
    static func line(for discipline: TrainingDiscipline, in context: ReportContext) -> String? {
        guard let report = Disciplines.report(for: discipline.kind), let progress = context.profile.progress(of: discipline),
              let now = progress.now, now.isConclusive else { return nil }
        let id: MessageID = switch progress.quantity {
        case .threshold: .overviewThreshold
        case .spread: .overviewSpread
        }
        return tr(id, ["discipline": report.title(discipline), "figure": ProgressText.figure(now, report.progressUnit, of: progress),
                       "trend": progress.trend.map { ProfileTrend($0).label } ?? ProgressText.noTrendYet])
    }
}
