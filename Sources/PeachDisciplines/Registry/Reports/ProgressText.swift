import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// Progress and its trend in words, for every discipline and every place they are shown (report, Profile screen,
/// plain mode, SVG captions). All of these strings are here, so a translation finds them in one place.
public enum ProgressText {
    /// "improving (98 % sure): the threshold fell from 12.1 (9.8–15.0) cents over the first training day to 7.9
    /// (6.5–9.6) cents over the latest training day"; `dated` adds each stretch's dates and answers (the report has room for
    /// them, the screen does not).
    public static func line(_ progress: DisciplineProgress?, unit: String, dated: Bool) -> String {
        guard let progress, let first = progress.first, let latest = progress.latest, let trend = progress.trend else {
            return notEnough(progress, unit: unit)
        }
        func over(_ estimate: ProgressEstimate, latest: Bool) -> String {
            tr(.progressFigureOver, ["figure": figure(estimate, unit, of: progress),
                                     "stretch": stretch(estimate, progress, latest: latest, dated: dated)])
        }
        let words = ["quantity": quantityName(progress.quantity), "from": over(first, latest: false), "to": over(latest, latest: true),
                     "sure": sure(progress)]
        switch trend {
        case .improving: return tr(.progressImproving, words)
        case .declining: return tr(.progressDeclining, words)
        case .stable: return tr(.progressStable, words)
        }
    }

    /// Why there is no trend yet: too few answers or days, or (with enough of both) now not yet known closely enough.
    public static func notEnough(_ progress: DisciplineProgress?, unit: String) -> String {
        if let progress, let now = progress.now, progress.isBeyondMeasure(now) {
            return tr(.progressBeyondMeasure, ["ceiling": ScreenFormat.measurableCeiling(unit: symbol(unit))])
        }
        return progress?.shortfall == .nowUnknown ? tr(.progressNotEnoughNow)
            : tr(.progressNotEnough, ["trials": enoughWords(progress)])
    }

    /// The caption of a progress chart: what is plotted and how a point is made.
    public static func chartCaption(_ progress: DisciplineProgress, unit: String) -> String {
        let caption: MessageID = switch (progress.quantity, progress.period) {
        case (.threshold, .day): .progressCaptionThresholdDay
        case (.threshold, .week): .progressCaptionThresholdWeek
        case (.spread, .day): .progressCaptionSpreadDay
        case (.spread, .week): .progressCaptionSpreadWeek
        }
        return tr(caption, ["unit": unitName(unit)])
    }

    /// "first training day 12.1 (9.8–15.0) ct → latest training day 7.9 (6.5–9.6) ct", or "" without two stretches.
    public static func compared(_ progress: DisciplineProgress?, unit: String) -> String {
        guard let progress, let first = progress.first, let latest = progress.latest else { return "" }
        return tr(.progressCompared, comparedParts(progress, first: first, latest: latest, unit: unit))
    }

    /// One screen line: "stable: first training day 12.0 (7.3–29.2) ct → latest training day 8.1 (5.0–13.0) ct".
    public static func short(_ progress: DisciplineProgress?, unit: String) -> String {
        guard let progress, let trend = progress.trend, let first = progress.first, let latest = progress.latest else {
            return progress?.shortfall == .nowUnknown ? tr(.progressNotEnoughNowShort)
                : tr(.progressNotEnoughShort, ["trials": enoughWords(progress)])
        }
        return tr(.progressShort, comparedParts(progress, first: first, latest: latest, unit: unit)
            .merging(["trend": ReportText.word(trend)]) { $1 })
    }

    /// The two stretches of `compared` and `short`, each a label and its figure.
    private static func comparedParts(_ progress: DisciplineProgress, first: ProgressEstimate, latest: ProgressEstimate,
                                      unit: String) -> [String: String] {
        func part(_ estimate: ProgressEstimate, latest: Bool) -> String {
            tr(.progressPart, ["stretch": span(estimate, progress, latest: latest, article: false),
                               "figure": figure(estimate, unit, of: progress)])
        }
        return ["first": part(first, latest: false), "latest": part(latest, latest: true)]
    }

    public static var noTrendYet: String { tr(.progressNoTrendYet) }
    public static var chartHeading: String { tr(.progressChartHeading) }

    /// When no period has enough answers to chart.
    public static var noProgressYet: String { tr(.progressNoProgressYet) }

    /// The quantity as the progress sentence names it ("threshold"; German with its article, "die Schwelle").
    public static func quantityName(_ quantity: DisciplineProgress.Quantity) -> String {
        switch quantity {
        case .threshold: tr(.progressThreshold)
        case .spread: tr(.progressSpread)
        }
    }

    /// "60 answers", "20 attempts": what a trend needs.
    static func enoughWords(_ progress: DisciplineProgress?) -> String {
        let enough = progress?.enoughTrials ?? ThresholdProgress.enoughTrials
        return tr(progress?.quantity == .spread ? .progressAttemptCount : .progressAnswerCount, count: enough)
    }

    /// A figure's unit as a symbol: "ct" for "cents", others (ms) as they are.
    static func symbol(_ unit: String) -> String { unit == "cents" ? "ct" : unit }

    /// The chart caption's unit: "cents" in the user's language; symbols (ms, ct) as they are.
    static func unitName(_ unit: String) -> String { unit == "cents" ? tr(.unitCents) : unit }

    /// "97 %": how sure the model is of the trend's direction.
    static func sure(_ progress: DisciplineProgress) -> String {
        LocalizedNumber.decimal((progress.trendProbability ?? 0) * 100, places: 0) + " %"
    }

    /// "7.9 (6.5–9.6) ct", or what Peach cannot measure: a threshold beyond it, a spread finer than the data resolve.
    static func figure(_ estimate: ProgressEstimate, _ unit: String, of progress: DisciplineProgress) -> String {
        if progress.isBeyondMeasure(estimate) {
            return tr(.thresholdBeyondMeasure, ["ceiling": ScreenFormat.measurableCeiling(unit: symbol(unit))])
        }
        if progress.isBelowResolution(estimate) { return ScreenFormat.belowResolution(unit: symbol(unit)) }
        return tr(.progressFigure, ["value": ReportText.format(estimate.value), "lower": ReportText.format(estimate.lower),
                             "upper": ReportText.format(estimate.upper), "unit": unitName(unit)])
    }

    /// "the first training day (2026-02-01, 80 answers)".
    static func stretch(_ estimate: ProgressEstimate, _ progress: DisciplineProgress, latest: Bool, dated: Bool) -> String {
        let span = span(estimate, progress, latest: latest, article: true)
        guard dated else { return span }
        let day = { (date: Date) in date.formatted(.iso8601.year().month().day()) }
        let dates = estimate.start == estimate.lastStart ? day(estimate.start)
            : tr(.progressDateRange, ["from": day(estimate.start), "to": day(estimate.lastStart)])
        let trials = tr(progress.quantity == .spread ? .progressAttemptCount : .progressAnswerCount, count: estimate.trials)
        return tr(.progressDated, ["span": span, "dates": dates, "trials": trials])
    }

    /// "the first training day" (`article`, inside a sentence), "first training day" (a label): the start and now
    /// are one day or one week each.
    static func span(_ estimate: ProgressEstimate, _ progress: DisciplineProgress, latest: Bool, article: Bool) -> String {
        let id: MessageID = switch (latest, progress.period, article) {
        case (false, .day, true): .progressTheFirstDay
        case (true, .day, true): .progressTheLatestDay
        case (false, .week, true): .progressTheFirstWeek
        case (true, .week, true): .progressTheLatestWeek
        case (false, .day, false): .progressFirstDay
        case (true, .day, false): .progressLatestDay
        case (false, .week, false): .progressFirstWeek
        case (true, .week, false): .progressLatestWeek
        }
        return tr(id)
    }
}
