import PeachCore

/// A `MeasuredLatency` as JSON in a calibration file and `peach calibrate --json`:
/// `{"median": 12.4, "spread": 0.6, "count": 40}`, milliseconds.
struct LatencyRecord: Codable, Equatable {
    var median: Double
    var spread: Double
    var count: Int

    init(_ latency: MeasuredLatency) {
        self.init(median: latency.median.value, spread: latency.spread.value, count: latency.count)
    }

    init(median: Double, spread: Double, count: Int) {
        self.median = median
        self.spread = spread
        self.count = count
    }

    /// Nil when a value is out of its domain (a hand-edited or foreign file).
    var latency: MeasuredLatency? {
        guard median.isFinite, spread.isFinite, spread >= 0, count > 0 else { return nil }
        return MeasuredLatency(median: Milliseconds(median), spread: Milliseconds(spread), count: count)
    }
}
