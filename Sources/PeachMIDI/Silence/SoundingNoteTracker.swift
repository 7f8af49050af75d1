import Synchronization

/// Watches everything sent to the synth and reports, after each change, which keys are switched
/// on: note-on adds a key, note-off (or note-on at velocity 0) removes it, CC123/CC120 remove every
/// key of their channel. A note whose note-off is queued stays on until that note-off has been
/// delivered (the queued send returned). This is what an emergency silence must switch off.
/// Sits under the service's ceiling, so it sees exactly the events that leave.
public final class SoundingNoteTracker<Base: MIDIOutputPort>: MIDIOutputPort {
    public let base: Base
    private let keys = Mutex(Set<SoundingKey>())
    private let changed: @Sendable ([SoundingKey]) -> Void

    /// `changed` is called with the sorted keys after every change, on the sender's task.
    public init(_ base: Base, changed: @escaping @Sendable ([SoundingKey]) -> Void) {
        self.base = base
        self.changed = changed
    }

    public var soundingKeys: [SoundingKey] { keys.withLock { $0.sorted() } }

    // Keys are added before the send (a note is listed before it can sound) and removed only
    // after it succeeded (a note-off that failed to leave leaves its key listed): the list may
    // name a key that is already off, never miss one that sounds.

    public func send(_ events: [MIDIEvent]) async throws {
        apply(events.filter(\.startsKey))
        try await base.send(events)
        apply(events)
    }

    public func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws {
        apply(now.filter(\.startsKey))
        try await base.send(now, then: later, after: delay)
        apply(now + later)
    }

    public func cancelScheduled() async throws {
        try await base.cancelScheduled()
    }

    private func apply(_ events: [MIDIEvent]) {
        guard !events.isEmpty else { return }
        let update: [SoundingKey]? = keys.withLock { keys in
            let before = keys
            for event in events {
                switch event {
                case .noteOn(let channel, let note, let velocity) where velocity > 0:
                    keys.insert(SoundingKey(channel: channel, note: note))
                case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _):
                    keys.remove(SoundingKey(channel: channel, note: note))
                case .controlChange(let channel, let controller, _)
                    where controller == MIDIController.allNotesOff || controller == MIDIController.allSoundOff:
                    keys = keys.filter { $0.channel != channel }
                case .controlChange, .pitchBend, .programChange:
                    break
                }
            }
            return keys == before ? nil : keys.sorted()
        }
        if let update { changed(update) }
    }
}

private extension MIDIEvent {
    var startsKey: Bool {
        if case .noteOn(_, _, let velocity) = self { return velocity > 0 }
        return false
    }
}
