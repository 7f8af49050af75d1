import Foundation

/// Scheduled quiet breaks against ear fatigue. The source of truth is the wall-clock time of the
/// next break, so after the machine slept or the process was suspended the remaining time is simply
/// recomputed from it, and an overdue break is due at once. Pure: callers pass `now`.
public struct QuietBreakSchedule: Hashable, Sendable {
    public struct Settings: Hashable, Sendable {
        public static let allowedTrainingMinutes: ClosedRange<Double> = 1...240
        public static let allowedBreakMinutes: ClosedRange<Double> = 1...60

        public var enabled: Bool
        public var trainingTime: Duration
        public var breakTime: Duration
        public var snoozeTime: Duration

        public init(enabled: Bool = false, trainingTime: Duration = .seconds(25 * 60),
                    breakTime: Duration = .seconds(5 * 60), snoozeTime: Duration = .seconds(5 * 60)) {
            self.enabled = enabled
            self.trainingTime = trainingTime
            self.breakTime = breakTime
            self.snoozeTime = snoozeTime
        }
    }

    public enum Status: Hashable, Sendable {
        case off
        /// No training since the last break (or ever): nothing is counting.
        case idle
        case dueIn(Duration)
        /// Finish the current trial, fade out and show the break screen.
        case due
        case onBreak(remaining: Duration)
        /// The break is over: return to the Start screen (never resume training by itself).
        case breakOver
    }

    public var settings: Settings
    public private(set) var nextBreakAt: Date?
    public private(set) var breakEndsAt: Date?
    public private(set) var snoozedThisCycle = false

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Training started: the countdown begins unless it is already running.
    public mutating func trainingStarted(at now: Date) {
        guard settings.enabled, nextBreakAt == nil, breakEndsAt == nil else { return }
        nextBreakAt = now.addingTimeInterval(settings.trainingTime.timeInterval)
    }

    public func status(at now: Date) -> Status {
        guard settings.enabled else { return .off }
        if let breakEndsAt {
            let remaining = breakEndsAt.timeIntervalSince(now)
            return remaining > 0 ? .onBreak(remaining: .seconds(remaining)) : .breakOver
        }
        guard let nextBreakAt else { return .idle }
        let remaining = nextBreakAt.timeIntervalSince(now)
        return remaining > 0 ? .dueIn(.seconds(remaining)) : .due
    }

    public mutating func breakStarted(at now: Date) {
        nextBreakAt = nil
        breakEndsAt = now.addingTimeInterval(settings.breakTime.timeInterval)
    }

    /// Back on the Start screen after the break; the next training starts a new cycle.
    public mutating func breakFinished() {
        breakEndsAt = nil
        nextBreakAt = nil
        snoozedThisCycle = false
    }

    /// Postpones a due break once per cycle. Returns false when the snooze was already used.
    @discardableResult
    public mutating func snooze(at now: Date) -> Bool {
        guard settings.enabled, !snoozedThisCycle else { return false }
        snoozedThisCycle = true
        breakEndsAt = nil
        nextBreakAt = now.addingTimeInterval(settings.snoozeTime.timeInterval)
        return true
    }
}

extension Duration {
    /// Seconds as a `TimeInterval`, for `Date` arithmetic.
    public var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
