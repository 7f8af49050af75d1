/// The sending side of the sequencer client, as MidiNotePlayer needs it. Implemented by PeachALSA's
/// sequencer client; recorded by a fake in tests.
public protocol MIDIOutputPort: Sendable {
    /// Sends the events at once, in order, to the connected destination.
    func send(_ events: [MIDIEvent]) async throws

    /// Sends `now` at once and `later` exactly `delay` afterwards, timed by the sequencer's queue
    /// (not by sleeping), and returns once `later` has been delivered.
    /// Cancelling the calling task returns early; the caller is then responsible for silencing.
    func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws

    /// Drops every scheduled event not yet delivered (a stop must not be followed by a stale note-off).
    func cancelScheduled() async throws
}

/// The receiving side: controller events and announcements, for one consumer at a time.
public protocol MIDIInputPort: Sendable {
    func inputs() -> AsyncStream<SequencerInput>
}

/// Lists ports and manages Peach's subscriptions (what aconnect does).
public protocol SequencerDirectory: Sendable {
    func ports() async throws -> [SequencerPortInfo]
    /// Peach's own client number (its ports are never chosen as a destination).
    var ownClient: Int { get }
    /// Subscribes Peach's output port to `destination`.
    func connectOutput(to destination: SequencerAddress) async throws
    func disconnectOutput(from destination: SequencerAddress) async throws
    /// Subscribes `source` to Peach's input port.
    func connectInput(from source: SequencerAddress) async throws
}
