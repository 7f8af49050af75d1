/// One reading of a clock taken between two readings of CLOCK_MONOTONIC (nanoseconds): the clock read
/// `value` at some moment from `before` to `after`. The narrower that bracket, the better the reading
/// says where the clock stands against the monotonic clock (a reading interrupted or descheduled in the
/// middle has a wide bracket and is passed over).
public struct ClockReading: Hashable, Sendable {
    public var before: Int64
    public var value: Int64
    public var after: Int64

    public init(before: Int64, value: Int64, after: Int64) {
        self.before = before
        self.value = value
        self.after = after
    }

    /// How long the reading took: the most its moment can be off the bracket's middle, twice over.
    public var width: Int64 { after - before }

    /// The clock's value minus the monotonic time at the bracket's middle.
    public var offset: Int64 { value - (before + width / 2) }
}
