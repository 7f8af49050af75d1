import PeachCore

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
            String(format: "%.1f (%.1f–%.1f)", point.estimate.median.value, point.estimate.lower.value, point.estimate.upper.value)
        }
        func when(_ from: ThresholdProgress.Point, _ to: ThresholdProgress.Point) -> String {
            guard dated else { return "" }
            let day = { (point: ThresholdProgress.Point) in point.start.formatted(.iso8601.year().month().day()) }
            return " (\(period.rawValue) of \(day(from)) to \(period.rawValue) of \(day(to)))"
        }
        switch ThresholdProgress.change(in: points) {
        case .improved(let from, let to):
            return "improved from \(text(from)) to \(text(to)) cents" + when(from, to)
        case .worsened(let from, let to):
            return "worse: from \(text(from)) to \(text(to)) cents" + when(from, to)
        case .noClearChange(let from, let to):
            return "no clear change: \(text(from)), then \(text(to)) cents" + when(from, to)
        case .notEnoughData:
            return nil
        }
    }
}
