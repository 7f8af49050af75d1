import Foundation
import PeachCore
import PeachText

/// Number formats shared by the screens, so the same value always reads the same; the decimal separator
/// follows the language ("12,3 ct" in German).
public enum ScreenFormat {
    /// "12.3 ct" (magnitude only; callers add direction words).
    public static func cents(_ cents: Cents) -> String { number(cents.value) + " ct" }

    /// "+12.3 ct", "-4.0 ct", "0.0 ct".
    public static func signedCents(_ cents: Cents) -> String {
        let rounded = (cents.value * 10).rounded() / 10
        return (rounded > 0 ? "+" : "") + number(rounded == 0 ? 0 : rounded) + " ct"
    }

    /// "75 %", or "—" before the first answer.
    public static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "—" }
        return String(format: "%.0f %%", fraction * 100)
    }

    /// "04:59"; rounds up so a countdown never shows 00:00 while time is left.
    public static func countdown(_ duration: Duration) -> String {
        let total = max(Int(duration.timeInterval.rounded(.up)), 0)
        return String(format: "%02d:%02d", total / 60, total % 60)
    }

    /// "6.3 ct (95 %: 4.9–8.1)", "above 100 ct: beyond what Peach measures" when even the interval's lower end is,
    /// or "not enough data yet (n trials)" when the interval does not bound it.
    public static func threshold(_ estimate: ThresholdEstimate) -> String {
        if estimate.isBeyondMeasure {
            return tr(.thresholdBeyondMeasure, ["ceiling": measurableCeiling(unit: "ct")])
        }
        guard estimate.isConclusive else {
            return tr(.thresholdInconclusive, count: estimate.trials)
        }
        return withInterval(estimate.median, estimate.lower...estimate.upper)
    }

    /// "+2.1 ct (95 %: 1.2–3.0)" for a value with its interval.
    public static func signedWithInterval(_ value: Cents, _ interval: ClosedRange<Cents>) -> String {
        number(value.value, signed: true) + " ct (95 %: " + number(interval.lowerBound.value, signed: true) + "–"
            + number(interval.upperBound.value, signed: true) + ")"
    }

    /// A spread as `withInterval` gives it, or "below 0.05 ct: finer than the data resolve" when its whole interval
    /// would round to 0.0 (every error the same).
    public static func spread(_ value: Cents, _ interval: ClosedRange<Cents>) -> String {
        guard interval.upperBound.value < DisciplineProgress.resolution else { return withInterval(value, interval) }
        return belowResolution(unit: "ct")
    }

    /// "100 ct": the largest threshold Peach measures.
    public static func measurableCeiling(unit: String) -> String {
        LocalizedNumber.decimal(ThresholdEstimate.measurableCeiling, places: 0) + " " + unit
    }

    /// "below 0.05 ct: finer than the data resolve".
    public static func belowResolution(unit: String) -> String {
        tr(.spreadBelowResolution, ["floor": LocalizedNumber.decimal(DisciplineProgress.resolution, places: 2) + " " + unit])
    }

    /// "4.0 ct (95 %: 3.4–4.8)".
    public static func withInterval(_ value: Cents, _ interval: ClosedRange<Cents>) -> String {
        number(value.value) + " ct (95 %: " + number(interval.lowerBound.value) + "–" + number(interval.upperBound.value) + ")"
    }

    /// One decimal, in the language's notation.
    public static func number(_ value: Double, signed: Bool = false) -> String {
        LocalizedNumber.decimal(value, places: 1, signed: signed)
    }
}
