import PeachCore

/// The pitch-wheel gesture's dead zone and hold time (`PitchWheelGesture`, docs/pitch-wheel.md).
/// Kept in `ControllerTriggers`: the wheel's return to rest is a commit trigger, and the triggers
/// follow configuration changes while Peach runs.
public struct PitchWheelSettings: Hashable, Sendable {
    public static let defaultDeadZone = 256
    public static let defaultHoldTime = Duration.milliseconds(150)
    /// The largest dead zone accepted: half the wheel's travel on one side.
    public static let maximumDeadZone = 4096
    /// Tuning at full deflection, either way from the pitch the push began at. More than the
    /// largest starting offset (100 c), so the target is always in reach, with room to overshoot.
    public static let reach = Cents(150)
    /// Jitter a held wheel may show and still count as still: one step of a wheel that sends only
    /// 7-bit positions (128 of 8192), about 2.3 c at the default reach.
    public static let steadyTolerance = 128

    /// Positions within ± this much of centre (of 8192) count as the wheel at rest.
    public var deadZone: Int
    /// How long the wheel must stay still for its position to be the answer.
    public var holdTime: Duration

    public init(deadZone: Int = Self.defaultDeadZone, holdTime: Duration = Self.defaultHoldTime) {
        self.deadZone = min(max(deadZone, 0), Self.maximumDeadZone)
        self.holdTime = holdTime
    }

    /// The tuning at `position`: 0 inside the dead zone, growing from its edge to `reach` at the end.
    public func cents(at position: Int) -> Cents {
        let beyond = max(abs(position) - deadZone, 0)
        let travel = Double(-PitchBend.range.lowerBound - deadZone)
        return Self.reach * (Double(position.signum() * beyond) / travel)
    }

    public func isDeflected(_ position: Int) -> Bool { abs(position) > deadZone }
}
