import PeachCore

/// A `MeasuredLatency` as JSON in a calibration file and `peach calibrate --json`:
/// `{"median": 12.4, "spread": 0.6, "count": 40}`, milliseconds.
public struct LatencyRecord: Codable, Equatable {
    public var median: Double
    public var spread: Double
    public var count: Int

    public init(_ latency: MeasuredLatency) {
        self.init(median: latency.median.value, spread: latency.spread.value, count: latency.count)
    }

    public init(median: Double, spread: Double, count: Int) {
        self.median = median
        self.spread = spread
        self.count = count
    }

    /// Nil when a value is out of its domain (a hand-edited or foreign file).
    public var latency: MeasuredLatency? {
        guard median.isFinite, spread.isFinite, spread >= 0, count > 0 else { return nil }
        return MeasuredLatency(median: Milliseconds(median), spread: Milliseconds(spread), count: count)
    }
}
