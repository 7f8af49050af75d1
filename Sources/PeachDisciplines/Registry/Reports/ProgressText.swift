import Foundation
import PeachCore

/// Progress and its trend in words, for every discipline and every place they are shown (report, Profile screen,
/// plain mode, SVG captions). All of these strings are here, so a translation finds them in one place.
public enum ProgressText {
    /// "improving: the threshold fell from 12.1 (9.8–15.0) cents over the first 2 training days to 7.9 (6.5–9.6)
    /// cents over the latest training day"; `dated` adds each stretch's dates and answers (the report has room for
    /// them, the screen does not).
    public static func line(_ progress: DisciplineProgress?, unit: String, dated: Bool) -> String {
        guard let progress, let first = progress.first, let latest = progress.latest, let trend = progress.trend else {
            return notEnough(progress)
        }
        let quantity = quantityName(progress.quantity)
        let from = figure(first, unit) + " over " + stretch(first, progress, latest: false, dated: dated)
        let to = figure(latest, unit) + " over " + stretch(latest, progress, latest: true, dated: dated)
        switch trend {
        case .improving: return "improving: the \(quantity) fell from \(from) to \(to)"
        case .declining: return "declining: the \(quantity) rose from \(from) to \(to)"
        case .stable: return "stable: no clear change in the \(quantity), \(from), then \(to)"
        }
    }

    /// Why there is no trend yet.
    public static func notEnough(_ progress: DisciplineProgress?) -> String {
        let enough = progress?.enoughTrials ?? ThresholdProgress.enoughTrials
        return "not enough data yet (a trend compares your first days with your latest, \(enough)+ \(trialsWord(progress)) each)"
    }

    /// The caption of a progress chart: what is plotted and how a point is made.
    public static func chartCaption(_ progress: DisciplineProgress, unit: String) -> String {
        "\(quantityName(progress.quantity).capitalized) per \(progress.period.rawValue) (\(unit), log scale; "
            + "periods with \(pointMinimum(progress.quantity))+ \(trialsWord(progress)))"
    }

    /// "first 2 training days 12.1 (9.8–15.0) ct → latest training day 7.9 (6.5–9.6) ct", or "" without two stretches.
    public static func compared(_ progress: DisciplineProgress?, unit: String) -> String {
        guard let progress, let first = progress.first, let latest = progress.latest else { return "" }
        func part(_ estimate: ProgressEstimate, latest: Bool) -> String {
            String(stretch(estimate, progress, latest: latest, dated: false).dropFirst(4)) + " " + figure(estimate, unit)
        }
        return "compared: " + part(first, latest: false) + " → " + part(latest, latest: true)
    }

    /// One screen line: "stable: first 2 training days 12.0 (7.3–29.2) ct → latest training day 8.1 (5.0–13.0) ct".
    public static func short(_ progress: DisciplineProgress?, unit: String) -> String {
        guard let trend = progress?.trend else {
            let enough = progress?.enoughTrials ?? ThresholdProgress.enoughTrials
            return "not enough data yet (\(enough)+ \(trialsWord(progress)) early and later)"
        }
        return trend.rawValue + ": " + compared(progress, unit: unit).dropFirst("compared: ".count)
    }

    public static let noTrendYet = "no trend yet"
    public static let chartHeading = "Progress over time"

    /// When no period has enough answers to chart.
    public static let noProgressYet = "Progress over time: not enough answers on any day yet."

    public static func quantityName(_ quantity: DisciplineProgress.Quantity) -> String {
        switch quantity {
        case .threshold: "threshold"
        case .spread: "spread"
        }
    }

    static func trialsWord(_ progress: DisciplineProgress?) -> String {
        progress?.quantity == .spread ? "attempts" : "answers"
    }

    static func pointMinimum(_ quantity: DisciplineProgress.Quantity) -> Int {
        quantity == .spread ? SignedErrorProgress.minimumTrials : ThresholdProgress.minimumTrials
    }

    static func figure(_ estimate: ProgressEstimate, _ unit: String) -> String {
        String(format: "%.1f (%.1f–%.1f) ", estimate.value, estimate.lower, estimate.upper) + unit
    }

    /// "the first 2 training days (2026-02-01 to 2026-02-02, 80 answers)".
    static func stretch(_ estimate: ProgressEstimate, _ progress: DisciplineProgress, latest: Bool, dated: Bool) -> String {
        let which = latest ? "the latest" : "the first"
        let period = progress.period.rawValue
        let span = estimate.periods == 1 ? "\(which) training \(period)" : "\(which) \(estimate.periods) training \(period)s"
        guard dated else { return span }
        let day = { (date: Date) in date.formatted(.iso8601.year().month().day()) }
        let dates = estimate.start == estimate.lastStart ? day(estimate.start)
            : day(estimate.start) + " to " + day(estimate.lastStart)
        return span + " (\(dates), \(estimate.trials) \(trialsWord(progress)))"
    }
}
