import Foundation

/// The grid a capture client heard: a straight line fitted through the clicks it stamped on its own queue (step k at
/// a + b·k), and each tap's offset from its nearest grid point. The line, not the tempo's nominal step: it is the grid
/// as the capture's clock heard it, each click's own delivery jitter averaged out.
///
/// A click far off the line is left out of it: the emulated VM now and then delivers one late (in one CI run with the
/// Debian package built beside the VM, the first click of a fill-the-gap trial came 76 ms late while every later one
/// kept the grid), and least squares would pull the whole line towards it.
enum HeardGrid {
    /// A click this far off the first fit (ms) is no part of the second.
    static let outlierLimit = 5.0

    /// Each tap's offset (ms) from the nearest of the line's points k = every·n + at (every one where `every` is 1).
    /// Steps k are counted in `step`s from `origin`, a time on step 0 (the first click unless given), so `origin` must
    /// be within half a step of a grid point that is step 0 of its cycle.
    static func offsets(fromLineThrough clicks: [UInt64], step: UInt64, taps: [UInt64], every: Int = 1, at: Int = 0,
                        origin: UInt64? = nil) -> [Double] {
        guard let origin = origin ?? clicks.first, clicks.count > 2 else { return [] }
        let points = clicks.map { click -> (step: Double, time: Double) in
            let time = Double(Int64(click) - Int64(origin))
            return ((time / Double(step)).rounded(), time)
        }
        guard let first = line(through: points) else { return [] }
        let kept = points.filter { abs($0.time - first.time(at: $0.step)) <= outlierLimit * 1e6 }
        guard let line = line(through: kept) else { return [] }
        return taps.map { tap in
            let time = Double(Int64(tap) - Int64(origin))
            let point = Double(every) * (((time - line.intercept) / line.slope - Double(at)) / Double(every)).rounded()
                + Double(at)
            return (time - line.time(at: point)) / 1e6
        }
    }

    /// Where step 0 of the cycle the middle accent opens lies, from every accent the capture heard (`cycle` apart):
    /// the median of their estimates, so that one late accent (the first one, in the CI run above) moves nothing.
    static func cycleOrigin(accents: [UInt64], cycle: UInt64) -> UInt64? {
        guard !accents.isEmpty else { return nil }
        let middle = Int64(accents[accents.count / 2])
        let estimates = accents.map { accent -> Int64 in
            let cycles = (Double(Int64(accent) - middle) / Double(cycle)).rounded()
            return Int64(accent) - Int64(cycles * Double(cycle))
        }.sorted()
        return UInt64(estimates[estimates.count / 2])
    }

    struct Line {
        var intercept: Double
        var slope: Double
        func time(at step: Double) -> Double { intercept + slope * step }
    }

    /// Least squares through (step, time); nil for fewer than two distinct steps.
    static func line(through points: [(step: Double, time: Double)]) -> Line? {
        let n = Double(points.count)
        let meanStep = points.reduce(0) { $0 + $1.step } / n, meanTime = points.reduce(0) { $0 + $1.time } / n
        let spread = points.reduce(0) { $0 + ($1.step - meanStep) * ($1.step - meanStep) }
        guard spread > 0 else { return nil }
        let slope = points.reduce(0) { $0 + ($1.step - meanStep) * ($1.time - meanTime) } / spread
        return Line(intercept: meanTime - slope * meanStep, slope: slope)
    }
}
