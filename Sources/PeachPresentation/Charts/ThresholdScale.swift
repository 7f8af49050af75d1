import Foundation
import PeachCore

/// Logarithmic cents axis shared by the terminal chart, the Start-screen preview and the SVG:
/// thresholds span 0.1–100 cents, and a linear axis would flatten every good result to the floor.
/// The bounds snap outwards to whole decades so the tick labels are 1, 10, 100.
public struct ThresholdScale: Hashable, Sendable {
    public let lowerCents: Double
    public let upperCents: Double

    public init(lowerCents: Double, upperCents: Double) {
        self.lowerCents = lowerCents
        self.upperCents = max(upperCents, lowerCents * 10)
    }

    /// Fits the thresholds and their bands; 1–100 cents when there is nothing to fit.
    public init(fitting model: ProfileChartModel) {
        var values: [Double] = []
        for point in model.points {
            guard let threshold = point.threshold?.value else { continue }
            values += [point.band?.lowerBound.value ?? threshold, point.band?.upperBound.value ?? threshold, threshold]
        }
        self.init(fitting: values)
    }

    /// Fits `values` (every value and interval edge to show); 1–100 when there is nothing to fit.
    public init(fitting values: [Double]) {
        let positive = values.filter { $0 > 0 }
        let low = positive.min() ?? 1
        let high = positive.max() ?? 100
        let lowerDecade = pow(10, floor(log10(max(low, 0.1))))
        let upperDecade = pow(10, ceil(log10(max(high, lowerDecade * 10))))
        self.init(lowerCents: min(lowerDecade, 1), upperCents: max(upperDecade, 10))
    }

    /// 0 at the lower bound, 1 at the upper, clamped.
    public func fraction(_ cents: Double) -> Double {
        guard cents > 0 else { return 0 }
        let value = (log10(cents) - log10(lowerCents)) / (log10(upperCents) - log10(lowerCents))
        return min(max(value, 0), 1)
    }

    /// The decades inside the scale, e.g. [1, 10, 100].
    public var decadeTicks: [Double] {
        var ticks: [Double] = []
        var tick = lowerCents
        while tick <= upperCents * 1.0001 {
            ticks.append(tick)
            tick *= 10
        }
        return ticks
    }

    /// "0.1", "1", "10", "100".
    public static func tickLabel(_ cents: Double) -> String {
        cents < 1 ? String(format: "%g", cents) : String(Int(cents.rounded()))
    }
}
