/// The tap echo's port, with the echo's key listed for an emergency silence. The echo's note-on leaves from the
/// sequencer thread the moment it reads a tap (one hop), so it never passes the tracker under the output service;
/// without this, a crash or SIGKILL between an echo's note-on and its queued note-off (which dies with Peach's
/// queue) left the silence to the channel's CC123 and CC120, which not every synth obeys. The key is listed when
/// the echo is installed and stays listed until the rhythm's stop silences its channel: the list may name a key
/// that is already off, never miss one that sounds.
public struct TrackedTapEchoes<Base: TapEchoPort, Port: MIDIOutputPort>: TapEchoPort {
    public let base: Base
    public let tracker: SoundingNoteTracker<Port>

    public init(_ base: Base, listingIn tracker: SoundingNoteTracker<Port>) {
        self.base = base
        self.tracker = tracker
    }

    public func installTapEcho(_ echo: TapEcho?) async throws {
        // Listed before it can sound, as every key the tracker sees.
        if let echo { tracker.listUntilSilenced([echo.noteOn]) }
        try await base.installTapEcho(echo)
    }
}
