import Foundation

/// The estimator's model of a two-interval higher/lower judgement:
/// P(correct | d) = 0.5 + (0.5 − λ) · (1 − exp(−ln2 · (d/T)^β)),
/// with d = |presented cents|, T the lapse-free 75 % point, β the slope and λ the lapse rate.
/// See docs/threshold-estimator.md.
public enum PsychometricFunction {
    public static func probabilityCorrect(difference: Double, threshold: Double, slope: Double,
                                          lapse: Double) -> Double {
        guard difference > 0 else { return 0.5 }
        return 0.5 + (0.5 - lapse) * (1 - exp(-M_LN2 * pow(difference / threshold, slope)))
    }

    /// The same from logarithms, as the grid stores them: (d/T)^β = exp(β · (ln d − ln T)).
    static func probabilityCorrect(logDifferenceOverThreshold: Double, slope: Double, lapse: Double) -> Double {
        0.5 + (0.5 - lapse) * (1 - exp(-M_LN2 * exp(slope * logDifferenceOverThreshold)))
    }

    /// The difference answered correctly with `probability` (0.5 < probability < 1 − λ).
    public static func difference(atProbability probability: Double, threshold: Double, slope: Double,
                                  lapse: Double) -> Double {
        let fraction = min(max((probability - 0.5) / (0.5 - lapse), 1e-9), 1 - 1e-9)
        return threshold * pow(-log(1 - fraction) / M_LN2, 1 / slope)
    }
}
