import PeachCore

/// A knob routed straight to one held note: installed on the sequencer thread while the note sounds,
/// so a knob event becomes a pitch bend without leaving the thread that read it (one hop, like a C
/// forwarder). Pure value: the same knob event always gives the same bend, whoever applies it.
///
/// It moves the note only within the bend range of its key. A position beyond it is `outOfRange`: the
/// route steps aside and the event takes the main actor's path, where the player retriggers the note on
/// a nearer key and installs a new route.
public struct TuningRoute: Sendable {
    public enum Outcome: Hashable, Sendable {
        /// Not the routed control: deliver the event as usual.
        case notMine
        /// The routed control, but no position yet (a 14-bit LSB before its MSB): nothing to do.
        case absorbed
        /// Send this bend now; the note sounds `centsFromTarget` from the target.
        case bent(MIDIEvent, centsFromTarget: Cents)
        /// A new position that gives the bend already sent.
        case unchanged(centsFromTarget: Cents)
        /// Beyond the key's bend range: the route is spent; deliver the event as usual.
        case outOfRange
    }

    public let knob: KnobRoute
    public let channel: MIDIChannel
    public let key: MIDINote
    public let tuning: BendTuning
    /// The bend the note has now.
    public private(set) var bend: PitchBend
    /// Where the note is now, from the target (relative encoders step from here).
    public private(set) var centsFromTarget: Cents
    /// Whether a knob position has reached the route (the note is where the knob put it).
    public private(set) var hasMoved = false
    private var pairer = FourteenBitPairer()
    /// The target's offset from the key as the bend must aim at it (the key's own tuning taken out):
    /// a knob position `c` is then bent to `keyToTarget + c`, the same as placing `target.shifted(by: c)`
    /// on the key, without a pow and a log per event (slow where floating point is emulated).
    private let keyToTarget: Cents

    public init(knob: KnobRoute, channel: MIDIChannel, key: MIDINote, bend: PitchBend, centsFromTarget: Cents,
                tuning: BendTuning) {
        self.knob = knob
        self.channel = channel
        self.key = key
        self.bend = bend
        self.centsFromTarget = centsFromTarget
        self.tuning = tuning
        keyToTarget = Cents.between(DetunedMIDINote(note: key).frequency(reference: tuning.profile.concertPitch), and: knob.target)
            - tuning.profile.keyTuning.offset(of: key)
    }

    public mutating func apply(_ event: MIDIEvent) -> Outcome {
        guard knob.channel.accepts(event.channel), let position = position(of: event) else { return .notMine }
        guard let cents = position else { return .absorbed }
        guard let placed = tuning.bend(for: keyToTarget + cents) else { return .outOfRange }
        centsFromTarget = cents
        hasMoved = true
        guard placed != bend else { return .unchanged(centsFromTarget: cents) }
        bend = placed
        return .bent(.pitchBend(channel: channel, bend: placed), centsFromTarget: cents)
    }

    /// nil: not this control; .some(nil): this control, position unknown yet.
    private mutating func position(of event: MIDIEvent) -> Cents?? {
        guard case .controlChange(let channel, let controller, let value) = event else { return nil }
        switch knob.source {
        case .absolute7Bit(let own) where controller == own:
            return .some(knob.mapping.cents(at: Int(value), of: 127))
        case .absolute14Bit(let msb) where controller == msb:
            return .some(knob.mapping.cents(at: pairer.msb(value, on: channel), of: 16383))
        case .absolute14Bit(let msb) where controller == msb + 32:
            return .some(pairer.lsb(value, on: channel).map { knob.mapping.cents(at: $0, of: 16383) })
        case .relative(let own, let encoding) where controller == own:
            return .some(centsFromTarget + knob.relativeStep * Double(encoding.step(value)))
        case .absolute7Bit, .absolute14Bit, .relative, .pitchWheel:
            return nil
        }
    }
}

/// Where a route is installed: the sequencer client whose thread reads the controller (PeachALSA).
public protocol TuningRoutePort: Sendable {
    /// Installs `route` (nil removes it). Ordered with the port's sends: a send after this call goes out
    /// after the route changed, so a note-off sent after removing the route is never followed by its bends.
    func installTuningRoute(_ route: TuningRoute?) async throws
    /// Removes the route, ordered like `installTuningRoute(nil)`, and returns it as it left the note
    /// (nil when none was installed): no bend follows, and its position is the last one sent.
    func removeTuningRoute() async throws -> TuningRoute?
}

/// A held note whose pitch a knob can move directly (see `TuningRoute`).
public protocol KnobRoutable: PlaybackHandle {
    /// Routes `knob` to this note until it stops or is rerouted; nil returns the knob to the main actor.
    func routeKnob(_ knob: KnobRoute?) async
    /// Takes the knob back from this note (as `routeKnob(nil)`) and says where it left the note: cents
    /// from the target of the last bend it sent; nil when the knob never moved it.
    func takeKnob() async -> Cents?
}
