import PeachCore

/// The sending side of the sequencer client, as MidiNotePlayer and MidiRhythmPlayer need it. Implemented by PeachALSA's
/// sequencer client; recorded by a fake in tests.
public protocol MIDIOutputPort: Sendable {
    /// Sends the events at once, in order, to the connected destination.
    func send(_ events: [MIDIEvent]) async throws

    /// Sends `now` at once and `later` exactly `delay` afterwards, timed by the sequencer's queue
    /// (not by sleeping), and returns once `later` has been delivered.
    /// Cancelling the calling task returns early; the caller is then responsible for silencing.
    func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws

    /// Drops every scheduled event not yet delivered (a stop must not be followed by a stale note-off),
    /// the timed ones of `schedule(_:)` too, and ends every `waitUntil(_:)`.
    func cancelScheduled() async throws

    // MARK: Timed events (rhythms), on the sequencer queue's clock

    /// The queue's clock now: the clock `schedule(_:)` times events by and incoming events are stamped with.
    func queueNow() async throws -> QueueInstant

    /// Where `schedule(_:)` really delivers an event: the queue's wake-ups (`.exact` where every time is kept).
    func queueWakeUps() async throws -> QueueWakeUps

    /// Puts every event on the queue at its own absolute time (events with equal times leave in the
    /// order given) and returns once they are all in the kernel's queue, before the first is due. The
    /// kernel delivers them: nothing is timed by sleeping. A time already past is delivered at once.
    func schedule(_ events: [TimedMIDIEvent]) async throws

    /// Returns once the queue clock has reached `instant` (a marker scheduled at that time came back),
    /// or at once when `cancelTimed()` or `cancelScheduled()` ends the wait. A wait that begins after a
    /// cancel, for an instant no later than the last timed event that cancel removed, returns at once too
    /// (its caller raced the stop), until something new is scheduled. Cancelling the calling task throws
    /// `CancellationError`.
    func waitUntil(_ instant: QueueInstant) async throws

    /// Drops every event `schedule(_:)` queued that has not been delivered and ends every
    /// `waitUntil(_:)`; the queued note-offs of `send(_:then:after:)` stay (`cancelScheduled` drops those too).
    func cancelTimed() async throws
}

/// One event for the sequencer queue to deliver at an absolute time on its clock.
public struct TimedMIDIEvent: Hashable, Sendable {
    public var time: QueueInstant
    public var event: MIDIEvent

    public init(_ event: MIDIEvent, at time: QueueInstant) {
        self.time = time
        self.event = event
    }
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
