/// When the sequencer queue really delivers a timed event. The kernel wakes the queue every `period` of its own
/// clock (counted from 0 at its start) and delivers what is due; Peach puts each event on the wake-up nearest its
/// time (docs/rhythm-timing.md), so an event asked for at `t` sounds at `nearest(to: t)`. A timing record states
/// what was delivered, not what was asked: the 1 ms wake-ups of the default timer moved a compare-timing click
/// up to 0.5 ms (0.75 ms measured in all) from the recorded offset.
public struct QueueWakeUps: Hashable, Sendable {
    /// How often the queue wakes, in nanoseconds; nil: unknown or finer than any time Peach asks for, so every
    /// time is delivered as asked.
    public let periodNanoseconds: Int64?

    public init(periodNanoseconds: Int64?) {
        self.periodNanoseconds = periodNanoseconds.flatMap { $0 > 1 ? $0 : nil }
    }

    /// How often a queue may be asked to wake, Hz: the kernel holds it to this range (`sound/core/seq/seq_timer.c`),
    /// and wakes it 1000 times a second unless asked otherwise.
    public static let frequencyRange = 10...6250
    public static let defaultFrequency = 1000

    /// Every time delivered as asked (mocks, tools without a queue).
    public static let exact = QueueWakeUps(periodNanoseconds: nil)

    /// The wake-up nearest `instant`, where the queue delivers an event put there.
    public func nearest(to instant: QueueInstant) -> QueueInstant {
        guard let period = periodNanoseconds else { return instant }
        return QueueInstant(nanoseconds: (instant.nanoseconds + period / 2) / period * period)
    }

    /// `duration` as the whole number of periods nearest it (at least one), so events that far apart all land on
    /// wake-ups; `duration` itself when the period is unknown or exact.
    public func wholePeriods(nearest duration: Duration) -> Duration {
        guard let period = periodNanoseconds else { return duration }
        return .nanoseconds(max(1, (duration.nanoseconds + period / 2) / period) * period)
    }

    /// The wake-up period in milliseconds, as timing records state it (nil: unknown or exact).
    public var period: Milliseconds? { periodNanoseconds.map { Milliseconds(Double($0) / 1e6) } }

    /// A queue that wakes more rarely than this is coarse: it cannot play an offset finer than its period, so the
    /// screens say so (a system timer at HZ = 250 wakes every 4 ms; the hrtimer every 1 ms or finer).
    public static let coarsePeriod = Milliseconds(1.5)

    /// Whether a queue waking every `period` is coarse (`coarsePeriod`).
    public static func isCoarse(_ period: Milliseconds) -> Bool { period.value > coarsePeriod.value }

    /// Whether this queue is coarse.
    public var isCoarse: Bool { period.map(Self.isCoarse) ?? false }

    /// The shortest displacement the queue can deliver: one wake-up period (nil: any).
    public var smallestStep: Duration? { periodNanoseconds.map { .nanoseconds($0) } }
}
