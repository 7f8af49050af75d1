import Foundation
import PeachCore
import PeachPresentation

/// The whole profile as `peach profile` shows it (text, `--json`, SVG) and plain mode's `p`: one section per
/// discipline key, each drawn by its discipline's report. The sections: those shown even before training
/// (unison comparison, unison pitch matching), then every trained one in registry order, interval, tuning.
@MainActor
public struct ProfileDocument {
    public let context: ReportContext

    public init(_ context: ReportContext) { self.context = context }

    public var sections: [TrainingDiscipline] {
        var shown = Disciplines.all.flatMap { $0.report.alwaysShown }
        shown += Self.ordered(context.profile.trainedDisciplines).filter { !shown.contains($0) }
        return shown
    }

    public var lines: [String] { sectionLines.flatMap { $0 } }

    /// Each section's lines, in order (the Profile screen shows one per page).
    public var sectionLines: [[String]] {
        sections.compactMap { discipline in Disciplines.report(for: discipline.kind)?.lines(for: discipline, in: context) }
    }

    /// Pretty-printed, keys sorted; every registered report's array is there, empty or not. Only trained
    /// disciplines are listed.
    public var json: String {
        var document: [String: [JSONEntry]] = [:]
        for discipline in Disciplines.all { document[discipline.report.jsonKey] = [] }
        for discipline in Self.ordered(context.profile.trainedDisciplines) {
            guard let report = Disciplines.report(for: discipline.kind) else { continue }
            document[report.jsonKey, default: []] += report.json(for: discipline, in: context).map(JSONEntry.init)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The overview (every trained discipline now, with its interval and trend), then each section's own panel, and
    /// under it the progress of a trained discipline that has one (threshold or
    /// spread per day or week with intervals): small multiples, one discipline's pair after another. A discipline
    /// with no period firm enough to chart yet gets a line saying so, not an empty chart or dots of no figure.
    public var svg: String {
        ProfileSVG.document(panels: [HearingOverview.panel(sections, in: context)] + sections.flatMap { discipline -> [SVGPanel] in
            guard let report = Disciplines.report(for: discipline.kind) else { return [] }
            let panel = report.svgPanel(for: discipline, in: context)
            guard let progress = context.profile.progress(of: discipline) else { return [panel] }
            guard progress.points.contains(where: \.isConclusive) else {
                return [panel, .line(ProgressText.noProgressYet, fontSize: 12)]
            }
            return [panel, ProgressSVG.panel(progressChart(of: discipline, conclusiveOnly: true), heading: ProgressText.chartHeading)]
        })
    }

    /// `discipline`'s progress chart, in its report's unit (the Profile screen shows it too); `conclusiveOnly`: its
    /// firm periods only, as the SVG draws them.
    public func progressChart(of discipline: TrainingDiscipline, conclusiveOnly: Bool = false) -> ProgressChartModel {
        ProgressChart.model(context.profile, discipline: discipline,
                            unit: Disciplines.report(for: discipline.kind)?.progressUnit ?? "cents", conclusiveOnly: conclusiveOnly)
    }

    /// Registry order, then interval size, then tuning system.
    static func ordered(_ disciplines: [TrainingDiscipline]) -> [TrainingDiscipline] {
        disciplines.sorted {
            (Disciplines.position(of: $0.kind), $0.interval.semitones, $0.tuningSystem.listOrder)
                < (Disciplines.position(of: $1.kind), $1.interval.semitones, $1.tuningSystem.listOrder)
        }
    }
}

/// One discipline's `--json` entry, whatever its type.
private struct JSONEntry: Encodable, Sendable {
    let value: any Encodable & Sendable
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
