import PeachCore
import PeachText

/// The comparison threshold's progress in words: "improved from 12.1 (9.8–15.0) to 7.9 (6.5–9.6) cents", only
/// when the intervals do not overlap. `dated` adds the periods compared (the text report has room for them;
/// the screen does not). Nil when fewer than two periods have enough answers.
@MainActor
public enum ComparisonProgress {
    public static func line(_ profile: PerceptualProfile, discipline: TrainingDiscipline = .unisonComparison,
                            dated: Bool = false) -> String? {
        let progress = profile.progress(of: discipline)
        let period = progress.naturalPeriod
        let points = progress.points(per: period)
        func text(_ point: ThresholdProgress.Point) -> String {
            ReportText.format(point.estimate.median.value) + " (" + ReportText.format(point.estimate.lower.value) + "–"
                + ReportText.format(point.estimate.upper.value) + ")"
        }
        func when(_ from: ThresholdProgress.Point, _ to: ThresholdProgress.Point) -> String {
            guard dated else { return "" }
            let day = { (point: ThresholdProgress.Point) in point.start.formatted(.iso8601.year().month().day()) }
            return tr(.progressWhen, ["period": tr(period.rawValue == "week" ? .progressWeek : .progressDay),
                                      "from": day(from), "to": day(to)])
        }
        switch ThresholdProgress.change(in: points) {
        case .improved(let from, let to):
            return tr(.progressImproved, ["from": text(from), "to": text(to)]) + when(from, to)
        case .worsened(let from, let to):
            return tr(.progressWorse, ["from": text(from), "to": text(to)]) + when(from, to)
        case .noClearChange(let from, let to):
            return tr(.progressNoClearChange, ["from": text(from), "to": text(to)]) + when(from, to)
        case .notEnoughData:
            return nil
        }
    }
}
