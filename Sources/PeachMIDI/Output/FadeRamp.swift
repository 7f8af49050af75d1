/// A smooth expression (CC11) ramp for fades: at least `stepsPerSecond` steps, values moving
/// monotonically from `from` to `to`, each step's time offset from the start of the fade.
public struct FadeRamp: Hashable, Sendable {
    public static let allowedDuration: ClosedRange<Duration> = .milliseconds(100) ... .seconds(2)
    public static let minimumStepsPerSecond = 20

    public struct Step: Hashable, Sendable {
        public var offset: Duration
        public var value: UInt8
    }

    public let steps: [Step]

    /// `duration` is clamped to 0.1...2 s. The last step lands exactly on `to` at `duration`.
    public init(from: UInt8, to: UInt8, duration: Duration, stepsPerSecond: Int = 50) {
        let duration = min(max(duration, Self.allowedDuration.lowerBound), Self.allowedDuration.upperBound)
        let rate = max(stepsPerSecond, Self.minimumStepsPerSecond)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let count = max(Int((seconds * Double(rate)).rounded(.up)), 2)
        steps = (1...count).map { index in
            let fraction = Double(index) / Double(count)
            let value = Double(from) + (Double(to) - Double(from)) * fraction
            // Integer arithmetic on Duration keeps the steps exactly evenly spaced.
            return Step(offset: duration * index / count, value: UInt8(value.rounded()))
        }
    }

    public var duration: Duration { steps.last?.offset ?? .zero }

    /// The ramp as CC11 events on each channel, step by step.
    public func events(on channels: [MIDIChannel]) -> [(offset: Duration, events: [MIDIEvent])] {
        steps.map { step in
            (step.offset, channels.map { .controlChange(channel: $0, controller: MIDIController.expression, value: step.value) })
        }
    }
}
