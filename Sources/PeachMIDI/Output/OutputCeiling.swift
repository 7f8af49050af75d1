/// The hearing-safety ceiling: the loudest note velocity and channel volume (CC7) Peach will ever
/// send, whatever a session or setting asks for. Set once by the user; enforced on the way out.
public struct OutputCeiling: Hashable, Sendable {
    public static let allowedRange: ClosedRange<Int> = 1...127
    /// Defaults leave headroom: velocity 110 and CC7 100 of 127 (GM's power-on volume is 100).
    public static let `default` = OutputCeiling(velocity: 110, channelVolume: 100)

    public let velocity: UInt8
    public let channelVolume: UInt8

    public init(velocity: Int, channelVolume: Int) {
        self.velocity = UInt8(min(max(velocity, Self.allowedRange.lowerBound), Self.allowedRange.upperBound))
        self.channelVolume = UInt8(min(max(channelVolume, Self.allowedRange.lowerBound), Self.allowedRange.upperBound))
    }

    /// The event as it may leave Peach: note-on velocity and CC7/CC11 values clamped to the ceiling.
    /// Expression (CC11) scales channel volume in GM, so it is held to the same ceiling as CC7.
    public func enforce(_ event: MIDIEvent) -> MIDIEvent {
        switch event {
        case .noteOn(let channel, let note, let velocity) where velocity > self.velocity:
            return .noteOn(channel: channel, note: note, velocity: self.velocity)
        case .controlChange(let channel, let controller, let value)
            where (controller == MIDIController.channelVolume || controller == MIDIController.expression)
                && value > channelVolume:
            return .controlChange(channel: channel, controller: controller, value: channelVolume)
        case .noteOn, .noteOff, .controlChange, .pitchBend, .programChange:
            return event
        }
    }

    /// A 0...100 % user volume as CC7, scaled below the ceiling (0 % is silence).
    public func channelVolume(forPercent percent: Double) -> UInt8 {
        let clamped = min(max(percent, 0), 100)
        return UInt8((Double(channelVolume) * clamped / 100).rounded())
    }
}
