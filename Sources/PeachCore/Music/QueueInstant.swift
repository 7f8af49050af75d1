/// A time on the sequencer queue's clock (nanoseconds since the queue started): the one clock scheduled clicks
/// are played by and MIDI taps are stamped with by the kernel, so a tap and a click compare without any
/// user-space timing in between.
public struct QueueInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: Self, rhs: Duration) -> Self { Self(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }

    public static func - (lhs: Self, rhs: Duration) -> Self { Self(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }

    public static func - (lhs: Self, rhs: Self) -> Duration { .nanoseconds(lhs.nanoseconds - rhs.nanoseconds) }

    /// Signed milliseconds from `other` to this instant (positive: this one is later).
    public func milliseconds(since other: Self) -> Milliseconds { Milliseconds(Double(nanoseconds - other.nanoseconds) / 1e6) }

    public var description: String { "queue \(Double(nanoseconds) / 1e9) s" }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating far beyond any rhythm).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
