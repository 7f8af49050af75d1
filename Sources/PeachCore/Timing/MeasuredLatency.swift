/// A latency measured many times: the median of the measurements and their spread, robustly (1.4826 × the
/// median absolute deviation, which equals the standard deviation for normally distributed values and is not
/// thrown by a stray late one). Used for a synth's MIDI-to-sound latency (`peach calibrate --capture`) and for
/// a tap input's latency (the tap calibration).
public struct MeasuredLatency: Hashable, Sendable {
    public var median: Milliseconds
    public var spread: Milliseconds
    public var count: Int

    public init(median: Milliseconds, spread: Milliseconds, count: Int) {
        self.median = median
        self.spread = spread
        self.count = count
    }

    /// The median and robust spread of `values`; nil when there are none.
    public init?(measurements values: [Milliseconds]) {
        guard !values.isEmpty else { return nil }
        let middle = Self.median(values.map(\.value))
        let deviation = Self.median(values.map { abs($0.value - middle) })
        self.init(median: Milliseconds(middle), spread: Milliseconds(1.4826 * deviation), count: values.count)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let half = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
    }
}
