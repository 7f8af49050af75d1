import Foundation
import PeachCore

/// How narrow a 95 % interval of ln T can be after N answers, from the Fisher information of one answer about
/// (ln T, ln β): with the slope known (the classical Cramér–Rao figure), and with the slope unknown but carrying
/// the slope prior (log10 β ~ Normal(·, 0.25), i.e. information 1 / (0.25 · ln 10)² about ln β), where the
/// best design may split the trials over two differences so the answers also tell the slope.
/// Asymptotic figures (Bayesian Cramér–Rao / van Trees); the oracle simulation checks them with the real posterior.
struct InformationLimit {
    /// A placement: a share `weight` of the trials at d = T · e^x1, the rest at d = T · e^x2 (x = ln(d / T)).
    struct Design: Sendable {
        var x1: Double
        var x2: Double
        var weight: Double
        /// exp(2 · 1.96 · SD(ln T)): the 95 % interval's upper / lower.
        var ratio: Double

        /// The difference of 1-based trial `trial`: spread deterministically so every prefix keeps the weight.
        func difference(trial: Int, threshold: Double) -> Double {
            let first = (Double(trial) * weight).rounded(.down) > (Double(trial - 1) * weight).rounded(.down)
            return threshold * exp(first ? x1 : x2)
        }

        /// `difference(trial:threshold:)` as the app could play it: kept within its difference bounds.
        func playableDifference(trial: Int, threshold: Double, within bounds: ClosedRange<Cents>) -> Cents {
            let placed = difference(trial: trial, threshold: threshold)
            return Cents(min(max(placed, bounds.lowerBound.value), bounds.upperBound.value))
        }
    }

    /// The slope prior as information about ln β.
    static let slopePriorInformation = 1 / pow(0.25 * M_LN10, 2)
    static let positions = stride(from: -3.0, through: 3.0, by: 0.02).map { $0 }

    /// The Fisher information matrix entries (about ln T, about ln β, cross) of one answer at each position.
    let information: [(tt: Double, bb: Double, tb: Double)]

    /// - Parameter probability: P(correct) at x = ln(d / T) for a listener whose ln T and ln β are shifted by
    ///   the two offsets (differentiated numerically).
    init(probability: (_ x: Double, _ logThresholdShift: Double, _ logSlopeShift: Double) -> Double) {
        information = Self.positions.map { Self.answerInformation(at: $0, probability: probability) }
    }

    /// The Fisher information of one answer at x = ln(d / T) about (ln T, ln β), differentiated numerically.
    static func answerInformation(at x: Double,
                                  probability: (_ x: Double, _ logThresholdShift: Double, _ logSlopeShift: Double) -> Double)
        -> (tt: Double, bb: Double, tb: Double) {
        let h = 1e-4
        let p = probability(x, 0, 0)
        let dt = (probability(x, h, 0) - probability(x, -h, 0)) / (2 * h)
        let db = (probability(x, 0, h) - probability(x, 0, -h)) / (2 * h)
        let variance = max(p * (1 - p), 1e-12)
        return (dt * dt / variance, db * db / variance, dt * db / variance)
    }

    /// The simulated listener's shape as `answerInformation` takes it.
    static func listenerProbability(slope: Double, lapse: Double)
        -> @Sendable (_ x: Double, _ logThresholdShift: Double, _ logSlopeShift: Double) -> Double {
        { x, shiftT, shiftB in
            SimulatedListener(threshold: Cents(exp(shiftT)), slope: slope * exp(shiftB), lapseRate: lapse)
                .probabilityCorrect(Cents(exp(x)))
        }
    }

    /// The fewest answers whose best one- or two-point design reaches `ratio` with the slope unknown (nil beyond `limit`).
    func trialsToReach(ratio: Double, limit: Int = 2000) -> Int? {
        guard unknownSlope(trials: limit).ratio <= ratio else { return nil }
        var low = 1, high = limit  // unknownSlope(low) misses, unknownSlope(high) reaches
        while high - low > 1 {
            let middle = (low + high) / 2
            if unknownSlope(trials: middle).ratio <= ratio { high = middle } else { low = middle }
        }
        return high
    }

    /// The estimator's own shape (Weibull, `PsychometricFunction`) at slope β and lapse λ.
    static func model(slope: Double, lapse: Double) -> InformationLimit {
        InformationLimit { x, shiftT, shiftB in
            PsychometricFunction.probabilityCorrect(difference: exp(x - shiftT), threshold: 1, slope: slope * exp(shiftB),
                                                    lapse: lapse)
        }
    }

    /// A simulated listener's own shape (what an oracle that knows the listener places by).
    static func listener(slope: Double, lapse: Double) -> InformationLimit {
        InformationLimit(probability: listenerProbability(slope: slope, lapse: lapse))
    }

    /// Every trial at the one most informative difference, the slope known.
    func knownSlope(trials: Int) -> Design {
        let best = information.indices.max { information[$0].tt < information[$1].tt }!
        return Design(x1: Self.positions[best], x2: Self.positions[best], weight: 1,
                      ratio: exp(2 * 1.96 / (Double(trials) * information[best].tt).squareRoot()))
    }

    /// The best one- or two-point design with the slope unknown (prior information only about ln β).
    func unknownSlope(trials: Int, priorInformation: Double = slopePriorInformation) -> Design {
        let n = Double(trials)
        var best = Design(x1: 0, x2: 0, weight: 1, ratio: .infinity)
        func consider(_ first: Int, _ second: Int, _ weight: Double) {
            let a = information[first], b = information[second]
            let tt = n * (weight * a.tt + (1 - weight) * b.tt)
            let bb = n * (weight * a.bb + (1 - weight) * b.bb) + priorInformation
            let tb = n * (weight * a.tb + (1 - weight) * b.tb)
            let determinant = tt * bb - tb * tb
            guard determinant > 0 else { return }
            let ratio = exp(2 * 1.96 * (bb / determinant).squareRoot())
            if ratio < best.ratio {
                best = Design(x1: Self.positions[first], x2: Self.positions[second], weight: weight, ratio: ratio)
            }
        }
        let weights = stride(from: 0.05, through: 0.95, by: 0.05).map { $0 }
        for first in information.indices {
            consider(first, first, 1)
            for second in (first + 1)..<information.count where second % 2 == 0 || first % 2 == 0 {
                for weight in weights { consider(first, second, weight) }
            }
        }
        return best
    }
}
