import PeachCore

/// How Peach's sequencer queue clock stands against CLOCK_MONOTONIC, from the tightest of several
/// readings of the queue's real time bracketed by monotonic readings. The kernel interpolates the
/// queue's real time with its monotonic clock between the queue's wake-ups, so the two run at the same
/// rate and one offset maps either onto the other (docs/synth-calibration.md, "MIDI-to-sound latency").
public struct QueueClockMapping: Hashable, Sendable {
    /// Queue time minus monotonic time, nanoseconds.
    public var offsetNanoseconds: Int64
    /// The width of the reading it came from: the offset is good to half of it.
    public var uncertaintyNanoseconds: Int64

    public init(offsetNanoseconds: Int64, uncertaintyNanoseconds: Int64) {
        self.offsetNanoseconds = offsetNanoseconds
        self.uncertaintyNanoseconds = uncertaintyNanoseconds
    }

    /// The narrowest reading's offset; nil when there is none (or only readings that went backwards).
    public init?(tightestOf readings: [ClockReading]) {
        guard let tightest = readings.filter({ $0.width >= 0 }).min(by: { $0.width < $1.width }) else { return nil }
        self.init(offsetNanoseconds: tightest.offset, uncertaintyNanoseconds: tightest.width)
    }

    /// The tighter of two mappings (say, one read before a measurement and one after).
    public func tighter(_ other: QueueClockMapping) -> QueueClockMapping {
        other.uncertaintyNanoseconds < uncertaintyNanoseconds ? other : self
    }

    public func queueInstant(atMonotonic nanoseconds: Int64) -> QueueInstant {
        QueueInstant(nanoseconds: nanoseconds + offsetNanoseconds)
    }

    public func monotonicNanoseconds(of instant: QueueInstant) -> Int64 {
        instant.nanoseconds - offsetNanoseconds
    }
}
