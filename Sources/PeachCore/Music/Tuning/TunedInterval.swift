/// Where a trial's notes sound in a tuning: the reference key `referenceOffset` away from its 12-TET pitch,
/// the in-tune target `size` from the reference (negative going down). For a scale tuning also which degrees.
public struct TunedInterval: Hashable, Sendable {
    /// The reference note's scale degree (0 is the scale's 1/1 on the mapping's middle key) and the interval's
    /// signed number of scale steps.
    public struct Degrees: Hashable, Sendable {
        public var reference: Int
        public var steps: Int
    }

    public var referenceOffset: Cents
    public var size: Cents
    /// Nil outside a scale tuning.
    public var degrees: Degrees?

    public init(referenceOffset: Cents, size: Cents, degrees: Degrees? = nil) {
        self.referenceOffset = referenceOffset
        self.size = size
        self.degrees = degrees
    }

    /// The target's departure from the reference key's 12-TET pitch: the reference's own plus the interval.
    public var targetOffset: Cents { referenceOffset + size }
}
