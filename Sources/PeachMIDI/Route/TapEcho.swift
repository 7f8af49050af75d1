import PeachCore

/// The sound that confirms a MIDI tap, played by the sequencer thread the moment it reads the tap (one hop, as the
/// knob's bend is): its note-on at once, its note-off queued `length` later on the rhythm's timed tag, so a cancel of
/// the rhythm removes it. Played from the main actor, the sound came 6-7 ms after the tap (median; up to 41 ms) in
/// the VM, late enough to be heard as a second event rather than the tap's own click (docs/rhythm-timing.md).
public struct TapEcho: Hashable, Sendable {
    public let noteOn: MIDIEvent
    public let noteOff: MIDIEvent
    public let length: Duration

    /// `sound`'s tap stroke on its channel, its velocity capped by `ceiling` as every note Peach sends is.
    public init(_ sound: RhythmSound, ceiling: OutputCeiling) {
        let stroke = sound.tap
        noteOn = ceiling.enforce(.noteOn(channel: sound.channel, note: stroke.note, velocity: stroke.velocity))
        noteOff = .noteOff(channel: sound.channel, note: stroke.note, velocity: 0)
        length = sound.length
    }
}

/// Where a tap echo is installed: the sequencer client itself, on its thread.
public protocol TapEchoPort: Sendable {
    /// Installs `echo` (nil removes it), ordered with the port's sends: from the next tap read on, it sounds.
    func installTapEcho(_ echo: TapEcho?) async throws
}
