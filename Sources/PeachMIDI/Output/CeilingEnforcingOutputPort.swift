import PeachCore

/// Wraps the sequencer's output so that nothing Peach sends can exceed the user's ceiling:
/// every path to the synth goes through here, so the rule holds for every note and controller.
public struct CeilingEnforcingOutputPort<Base: MIDIOutputPort>: MIDIOutputPort {
    public let base: Base
    public let ceiling: OutputCeiling

    public init(_ base: Base, ceiling: OutputCeiling) {
        self.base = base
        self.ceiling = ceiling
    }

    public func send(_ events: [MIDIEvent]) async throws {
        try await base.send(events.map(ceiling.enforce))
    }

    public func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws {
        try await base.send(now.map(ceiling.enforce), then: later.map(ceiling.enforce), after: delay)
    }

    public func cancelScheduled() async throws {
        try await base.cancelScheduled()
    }

    public func queueNow() async throws -> QueueInstant {
        try await base.queueNow()
    }

    public func queueWakeUps() async throws -> QueueWakeUps {
        try await base.queueWakeUps()
    }

    /// Scheduled clicks obey the ceiling like every other note.
    public func schedule(_ events: [TimedMIDIEvent]) async throws {
        try await base.schedule(events.map { TimedMIDIEvent(ceiling.enforce($0.event), at: $0.time) })
    }

    public func waitUntil(_ instant: QueueInstant) async throws {
        try await base.waitUntil(instant)
    }

    public func cancelTimed() async throws {
        try await base.cancelTimed()
    }
}
