import Foundation

/// Regularised incomplete gamma and beta functions (continued fractions and series as in Numerical
/// Recipes, ch. 6), for the t and chi-square distributions.
enum IncompleteFunctions {
    /// P(a, x) = γ(a, x) / Γ(a).
    static func regularizedGammaP(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let logPrefix = -x + a * log(x) - lgamma(a)
        if x < a + 1 {
            var term = 1 / a, sum = term, n = a
            for _ in 0..<1000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-15 { break }
            }
            return sum * exp(logPrefix)
        }
        // Q(a, x) by Lentz's continued fraction.
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1...1000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b; if abs(d) < tiny { d = tiny }
            c = b + an / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return 1 - exp(logPrefix) * h
    }

    /// I_x(a, b).
    static func regularizedBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logFront: Double = logBeta + a * log(x) + b * log(1 - x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * betaContinuedFraction(x, a, b) / a
        }
        return 1 - exp(logFront) * betaContinuedFraction(1 - x, b, a) / b
    }

    private static func betaContinuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...1000 {
            let m = Double(m)
            var numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + numerator * d; if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + numerator * d; if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return h
    }

    /// The x in `range` where the increasing `cdf` reaches p (bisection; cdfs here are cheap).
    static func invert(_ cdf: (Double) -> Double, at p: Double, in range: ClosedRange<Double>) -> Double {
        var low = range.lowerBound, high = range.upperBound
        while cdf(high) < p { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle) < p { low = middle } else { high = middle }
            if high - low <= 1e-12 * max(1, abs(middle)) { break }
        }
        return (low + high) / 2
    }
}

/// Student's t distribution with `degreesOfFreedom`.
public enum StudentTDistribution {
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        let tail = 0.5 * IncompleteFunctions.regularizedBeta(nu / (nu + t * t), nu / 2, 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1 && nu > 0, "a t quantile needs 0 < p < 1 and positive degrees of freedom")
        if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
        return IncompleteFunctions.invert({ cdf($0, degreesOfFreedom: nu) }, at: p, in: 0...10)
    }
}

/// The chi-square distribution with `degreesOfFreedom`.
public enum ChiSquaredDistribution {
    public static func cdf(_ x: Double, degreesOfFreedom k: Double) -> Double {
        IncompleteFunctions.regularizedGammaP(k / 2, x / 2)
    }

    public static func quantile(_ p: Double, degreesOfFreedom k: Double) -> Double {
        precondition(p > 0 && p < 1 && k > 0, "a chi-square quantile needs 0 < p < 1 and positive degrees of freedom")
        return IncompleteFunctions.invert({ cdf($0, degreesOfFreedom: k) }, at: p, in: 0...max(10, 4 * k))
    }
}
