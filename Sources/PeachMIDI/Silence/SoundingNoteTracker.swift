import Synchronization

/// Watches everything sent to the synth and reports, after each change, which keys are switched
/// on: note-on adds a key, note-off (or note-on at velocity 0) removes it, CC123/CC120 remove every
/// key of their channel. A note whose note-off is queued stays on until that note-off has been
/// delivered (the queued send returned). This is what an emergency silence must switch off.
/// Sits under the service's ceiling, so it sees exactly the events that leave.
public final class SoundingNoteTracker<Base: MIDIOutputPort>: MIDIOutputPort {
    public let base: Base
    private let tracked = Mutex(TrackedKeys())
    private let changed: @Sendable ([SoundingKey]) -> Void

    /// `changed` is called with the sorted keys after every change, on the sender's task, with the
    /// tracker's lock held (so updates arrive in order): it must be quick and must not send.
    public init(_ base: Base, changed: @escaping @Sendable ([SoundingKey]) -> Void) {
        self.base = base
        self.changed = changed
    }

    // Keys are added before the send (a note is listed before it can sound) and removed only
    // after it succeeded (a note-off that failed to leave leaves its key listed): the list may
    // name a key that is already off, never miss one that sounds. After a send only removals are
    // applied (one that a later note-on of the same batch undoes is skipped), so a send that
    // returns after a stop's note-offs cannot list its note again.

    public func send(_ events: [MIDIEvent]) async throws {
        update { $0.switchOn(events) }
        try await base.send(events)
        update { $0.switchOff(events) }
    }

    public func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws {
        let cancellations = update { $0.switchOn(now) }
        try await base.send(now, then: later, after: delay)
        update { tracked in
            tracked.switchOff(now)
            // A cancel meanwhile dropped `later` undelivered: its keys stay until the stop's own note-offs.
            if tracked.cancellations == cancellations { tracked.switchOff(later) }
        }
    }

    public func cancelScheduled() async throws {
        update { $0.cancellations += 1 }
        try await base.cancelScheduled()
    }

    /// Applies `change`, reports the keys if they changed; returns the cancellation count.
    @discardableResult
    private func update(_ change: (inout TrackedKeys) -> Void) -> Int {
        tracked.withLock { tracked in
            let before = tracked.keys
            change(&tracked)
            if tracked.keys != before { changed(tracked.keys.sorted()) }
            return tracked.cancellations
        }
    }
}

/// The tracker's state: the keys on, and how many cancels it has seen.
private struct TrackedKeys {
    var keys = Set<SoundingKey>()
    /// Bumped by `cancelScheduled`: a queued send that returns after it had its `later` dropped.
    var cancellations = 0

    mutating func switchOn(_ events: [MIDIEvent]) {
        for event in events {
            if case .noteOn(let channel, let note, let velocity) = event, velocity > 0 {
                keys.insert(SoundingKey(channel: channel, note: note))
            }
        }
    }

    /// Note-offs (and note-on at velocity 0) remove their key, CC123/CC120 every key of their
    /// channel, except keys the same batch switches on again afterwards.
    mutating func switchOff(_ events: [MIDIEvent]) {
        var startedLater = Set<SoundingKey>()
        for event in events.reversed() {
            switch event {
            case .noteOn(let channel, let note, let velocity) where velocity > 0:
                startedLater.insert(SoundingKey(channel: channel, note: note))
            case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _):
                let key = SoundingKey(channel: channel, note: note)
                if !startedLater.contains(key) { keys.remove(key) }
            case .controlChange(let channel, let controller, _)
                where controller == MIDIController.allNotesOff || controller == MIDIController.allSoundOff:
                keys = keys.filter { $0.channel != channel || startedLater.contains($0) }
            case .controlChange, .pitchBend, .programChange:
                break
            }
        }
    }
}
