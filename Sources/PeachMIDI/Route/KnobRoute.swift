import PeachCore

/// What the app asks for when a tunable note starts: this knob, with this challenge's mapping, moves that
/// note directly (`TuningRoute` on the sequencer thread). Only controls with a position or a step route;
/// the pitch wheel's spring-back gesture stays with the main actor's decoder.
public struct KnobRoute: Hashable, Sendable {
    public var source: ControllerSource
    public var channel: ChannelFilter
    public var mapping: KnobMapping
    public var relativeStep: Cents
    /// The pitch the challenge wants; knob positions are cents from it.
    public var target: Frequency

    /// Nil when nothing is bound, or the binding is the pitch wheel (its gesture is decoded elsewhere).
    public init?(binding: ControllerBinding?, mapping: KnobMapping, relativeStep: Cents, target: Frequency) {
        guard let binding else { return nil }
        switch binding.source {
        case .absolute7Bit, .absolute14Bit, .relative: break
        case .pitchWheel: return nil
        }
        source = binding.source
        channel = binding.channel
        self.mapping = mapping
        self.relativeStep = relativeStep
        self.target = target
    }
}
