import PeachCore
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
        update { $0.cancellations += 1; $0.timedCancellations += 1; $0.timed.removeAll() }
        try await base.cancelScheduled()
    }

    public func queueNow() async throws -> QueueInstant {
        try await base.queueNow()
    }

    public func queueWakeUps() async throws -> QueueWakeUps {
        try await base.queueWakeUps()
    }

    /// Timed note-ons are listed before they are queued. Their note-offs are applied once a wait has
    /// seen the queue pass them, except for a key that a later timed note-on switches on again; a cancel
    /// drops them undelivered, so the keys stay until the stop's silence.
    public func schedule(_ events: [TimedMIDIEvent]) async throws {
        update { tracked in
            tracked.switchOn(events.map(\.event))
            tracked.timed += events
        }
        try await base.schedule(events)
    }

    public func waitUntil(_ instant: QueueInstant) async throws {
        let cancellations = tracked.withLock(\.timedCancellations)
        try await base.waitUntil(instant)
        update { tracked in
            guard tracked.timedCancellations == cancellations else { return }
            tracked.queuePassed(instant)
        }
    }

    public func cancelTimed() async throws {
        update { $0.timedCancellations += 1; $0.timed.removeAll() }
        try await base.cancelTimed()
    }

    /// Lists the keys `events` switch on although they leave past this tracker (a tap echo, played by the sequencer
    /// thread itself): they stay listed until a note-off or a channel silence sent through the tracker removes them.
    public func listUntilSilenced(_ events: [MIDIEvent]) {
        update { $0.switchOn(events) }
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
    /// Bumped by `cancelScheduled` and `cancelTimed`: a wait that returns after its events were dropped.
    var timedCancellations = 0
    /// Timed events still in the queue: their note-offs apply when a wait sees the queue pass them.
    var timed: [TimedMIDIEvent] = []

    /// The queue has passed `instant`: what was due by then has been delivered. A key goes off when its
    /// last delivered event switched it off and no timed note-on for it is still to come.
    mutating func queuePassed(_ instant: QueueInstant) {
        // The queue delivers in time order, equal times in the order they were queued.
        let passed = timed.enumerated().filter { $0.element.time <= instant }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        timed.removeAll { $0.time <= instant }
        var endedOff: [SoundingKey: Bool] = [:]
        for event in passed {
            if let key = event.switchedOn { endedOff[key] = false }
            if let key = event.switchedOff { endedOff[key] = true }
        }
        let onAgainLater = Set(timed.compactMap(\.switchedOn))
        for (key, off) in endedOff where off && !onAgainLater.contains(key) { keys.remove(key) }
    }

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

private extension TimedMIDIEvent {
    /// The key a note-on switches on.
    var switchedOn: SoundingKey? {
        guard case .noteOn(let channel, let note, let velocity) = event, velocity > 0 else { return nil }
        return SoundingKey(channel: channel, note: note)
    }

    /// The key a note-off (or note-on at velocity 0) switches off.
    var switchedOff: SoundingKey? {
        switch event {
        case .noteOff(let channel, let note, _): SoundingKey(channel: channel, note: note)
        case .noteOn(let channel, let note, let velocity) where velocity == 0: SoundingKey(channel: channel, note: note)
        case .noteOn, .controlChange, .pitchBend, .programChange: nil
        }
    }
}
