import PeachText

public struct BreakScreenModel: Hashable, Sendable {
    /// Time left; zero or less means the break is over.
    public var remaining: Duration
    /// One snooze per cycle (QuietBreakSchedule.snoozedThisCycle is the other side of this).
    public var canSnooze: Bool
    public var snoozeMinutes: Int

    public init(remaining: Duration, canSnooze: Bool, snoozeMinutes: Int = 5) {
        self.remaining = remaining
        self.canSnooze = canSnooze
        self.snoozeMinutes = snoozeMinutes
    }

    public var isOver: Bool { remaining <= .zero }
}
