/// When each frame of a recording was captured, on CLOCK_MONOTONIC, from the capture device's own
/// timestamps: each says that by `monotonicNanoseconds` the device had captured `frame` frames (the
/// position the kernel stamped when its pointer moved). A stamp is never early but can be late (the
/// pointer is read some time after it moved, and moves in steps), so each stamp bounds the time of
/// frame zero from above and the lowest bounds near a frame are the tightest (`frameZero(near:)`). Only stamps within `window`
/// frames are used, so a sound card whose clock drifts against the monotonic one, or a gap padded
/// after an overrun, shifts only the frames near it.
public struct CaptureFrameClock: Sendable {
    public struct Stamp: Hashable, Sendable {
        public var frame: Int
        public var monotonicNanoseconds: Int64

        public init(frame: Int, monotonicNanoseconds: Int64) {
            self.frame = frame
            self.monotonicNanoseconds = monotonicNanoseconds
        }
    }

    public let sampleRate: Double
    public let stamps: [Stamp]
    public let window: Int

    /// `stamps` in any order; `window` defaults to two seconds of frames.
    public init(sampleRate: Double, stamps: [Stamp], window: Int? = nil) {
        self.sampleRate = sampleRate
        self.stamps = stamps.sorted { $0.frame < $1.frame }
        self.window = window ?? Int(2 * sampleRate)
    }

    public var isEmpty: Bool { stamps.isEmpty }

    /// The monotonic time frame `frame` (fractional: an onset between samples) was captured; nil without stamps.
    public func monotonicNanoseconds(ofFrame frame: Double) -> Int64? {
        guard let origin = frameZero(near: frame) else { return nil }
        return origin + Int64((frame / sampleRate * 1e9).rounded())
    }

    /// The frame captured at monotonic time `nanoseconds` (the inverse, near the stamps around it).
    public func frame(atMonotonic nanoseconds: Int64) -> Double? {
        guard let first = stamps.first, let guess = frameZero(near: Double(first.frame)) else { return nil }
        let rough = Double(nanoseconds - guess) / 1e9 * sampleRate
        guard let origin = frameZero(near: rough) else { return nil }
        return Double(nanoseconds - origin) / 1e9 * sampleRate
    }

    /// With at least `robustBelow` stamps near a frame, the lowest bound that `confirmations` others lie within
    /// `agreement` of is taken, not the lowest alone: a status whose stamp and position do not belong together
    /// bounds frame zero far too early (seen once in the test VM, on the playback side: a whole buffer early), and
    /// one such stamp must not move a recording by a buffer. A device stamps every read (tens a second), so the
    /// least late bounds come in a cluster, and its lowest is the lowest bound whenever nothing is wrong.
    static let robustBelow = 8
    static let confirmations = 3
    static let agreement: Int64 = 2_000_000

    /// The tightest trustworthy bound on frame zero's monotonic time from the stamps within `window` of `frame`
    /// (the nearest stamp's when none is that close).
    func frameZero(near frame: Double) -> Int64? {
        let close = stamps.filter { abs(Double($0.frame) - frame) <= Double(window) }
        let used = close.isEmpty ? stamps.min { abs(Double($0.frame) - frame) < abs(Double($1.frame) - frame) }.map { [$0] } ?? [] : close
        let bounds = used.map { $0.monotonicNanoseconds - Int64((Double($0.frame) / sampleRate * 1e9).rounded()) }.sorted()
        guard let lowest = bounds.first else { return nil }
        guard bounds.count >= Self.robustBelow else { return lowest }
        let confirmed = bounds.indices.dropLast(Self.confirmations).first {
            bounds[$0 + Self.confirmations] - bounds[$0] <= Self.agreement
        }
        return confirmed.map { bounds[$0] } ?? lowest
    }
}
