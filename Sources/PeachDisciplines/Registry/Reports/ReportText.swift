import Foundation
import PeachCore
import PeachText

/// Words and figures every discipline's text section uses alike.
public enum ReportText {
    /// The progress line every trained discipline's section ends with: its trend and the stretches compared.
    @MainActor
    public static func progressLine(_ discipline: TrainingDiscipline, unit: String, in context: ReportContext) -> String {
        tr(.reportProgress, ["progress": ProgressText.line(context.profile.progress(of: discipline), unit: unit, dated: true)])
    }

    /// "  spread now: 4.1 (3.2–5.6) cents (latest training day, 2026-02-05)": where the discipline's headline quantity
    /// stands on the latest training day, followed through time; nil while that is not known.
    @MainActor
    public static func nowLine(_ discipline: TrainingDiscipline, unit: String, in context: ReportContext) -> String? {
        guard let progress = context.profile.progress(of: discipline), let now = progress.now, now.isConclusive else { return nil }
        let id: MessageID = switch progress.quantity {
        case .threshold: .reportNowThreshold
        case .spread: .reportNowSpread
        }
        return tr(id, ["figure": ProgressText.figure(now, unit, of: progress), "date": now.start.formatted(.iso8601.year().month().day())])
    }

    /// The trend's word in the user's language ("improving"); its raw value is JSON's.
    public static func word(_ trend: TrainingTrend) -> String {
        switch trend {
        case .improving: tr(.trendWordImproving)
        case .stable: tr(.trendWordStable)
        case .declining: tr(.trendWordDeclining)
        }
    }

    /// "P5 comparison, just intonation" (a non-unison discipline, for a report's title), in the user's language; a
    /// scale tuning adds the interval's size in it, which in an unequal temperament depends on the note it starts on:
    /// "P5 comparison, 31-EDO, 696.8 ct", "M3 comparison, Quarter-comma meantone, 386.3–427.4 ct".
    public static func detail(_ discipline: TrainingDiscipline) -> String {
        var tuning = discipline.tuningSystem.name
        if let sizes = discipline.tuningSystem.sizeRange(of: discipline.interval) {
            let span = sizes.upperBound.value - sizes.lowerBound.value < 0.05
                ? format(sizes.lowerBound.value) : format(sizes.lowerBound.value) + "–" + format(sizes.upperBound.value)
            tuning += ", " + span + " ct"
        }
        return tr(.reportDisciplineDetail, ["interval": discipline.interval.abbreviation, "kind": discipline.kind.localizedName,
                                            "tuning": tuning])
    }

    /// One decimal, as every figure in the report, in the language's notation (JSON writes its own).
    public static func format(_ value: Double, signed: Bool = false) -> String {
        LocalizedNumber.decimal(value, places: 1, signed: signed)
    }
}
