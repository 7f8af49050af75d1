import Foundation
import PeachCore

/// Whether on-time notes sound early or late to the listener: the offset that is answered "late" half the
/// time (the point of subjective simultaneity), with its 95 % credible interval. Fitted on a grid over that
/// point μ (−60…60 ms) and the spread σ (1–120 ms, log-uniform) with P(late | x) = λ/2 + (1 − λ)·Φ((x − μ)/σ),
/// λ = 0.02; answers are binned to 0.5 ms, so a long history costs a few counts per offset.
/// μ < 0: a note μ early sounds on time, so an on-time note sounds late.
public struct TimingBias: Hashable, Sendable {
    private struct Counts: Hashable, Sendable {
        var late = 0
        var early = 0
    }

    private var bins: [Int: Counts] = [:]
    public private(set) var answers = 0

    public init() {}

    public mutating func add(offset: Milliseconds, answeredLate: Bool) {
        let bin = Int((offset.value * 2).rounded())
        if answeredLate { bins[bin, default: Counts()].late += 1 } else { bins[bin, default: Counts()].early += 1 }
        answers += 1
    }

    static let lapse = 0.02
    static let points = stride(from: -60.0, through: 60.0, by: 0.5).map { $0 }
    static let spreads = (0..<40).map { exp(log(1.0) + Double($0) * (log(120.0) - log(1.0)) / 39) }

    /// Nil before ten answers: the point cannot be told from the spread yet.
    public var estimate: (point: Milliseconds, interval: ClosedRange<Milliseconds>)? {
        guard answers >= 10 else { return nil }
        var marginal = [Double](repeating: 0, count: Self.points.count)
        var logs = [[Double]](repeating: [Double](repeating: 0, count: Self.spreads.count), count: Self.points.count)
        var peak = -Double.infinity
        for (i, mu) in Self.points.enumerated() {
            for (j, sigma) in Self.spreads.enumerated() {
                var sum = 0.0
                for (bin, counts) in bins {
                    let late = Self.lapse / 2 + (1 - Self.lapse) * NormalDistribution.cdf((Double(bin) / 2 - mu) / sigma)
                    sum += Double(counts.late) * log(late) + Double(counts.early) * log(1 - late)
                }
                logs[i][j] = sum
                peak = max(peak, sum)
            }
        }
        for i in marginal.indices { marginal[i] = logs[i].reduce(0) { $0 + exp($1 - peak) } }
        let total = marginal.reduce(0, +)
        func quantile(_ q: Double) -> Double {
            var cumulative = 0.0
            for (i, mass) in marginal.enumerated() {
                cumulative += mass / total
                if cumulative >= q { return Self.points[i] }
            }
            return Self.points[Self.points.count - 1]
        }
        return (Milliseconds(quantile(0.5)), Milliseconds(quantile(0.025))...Milliseconds(quantile(0.975)))
    }
}
