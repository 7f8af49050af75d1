import PeachCore

/// A note Peach started and has not yet silenced, as the player tracks it.
struct Voice: Sendable {
    let channel: MIDIChannel
    var note: MIDINote
    var bend: PitchBend
    let velocity: UInt8
    /// Held by a PlaybackHandle (as opposed to a fixed-duration note with a queued note-off).
    let held: Bool
    /// The held note's key as its handle reads it.
    let heldKey: HeldKey?
    /// The pitch last asked for (a routed knob moves on from here).
    var frequency: Frequency
    /// Coalescing slot: the newest frequency asked for and not yet sent.
    var pendingTarget: Frequency?
    /// Whether an adjustment send is in flight; later adjustments only replace `pendingTarget`.
    var sending = false

    var noteOff: MIDIEvent { .noteOff(channel: channel, note: note, velocity: 64) }
}
