import PeachCore
@testable import PeachMIDI

/// A recording fake of the sequencer's output port. By default every send completes at once and
/// queued events count as delivered. `holdScheduled` makes `send(_:then:after:)` wait (as a real
/// queue would for the note's duration) until `releaseScheduled()`, `cancelScheduled()` or task
/// cancellation; `holdNextSend()` makes the next plain send wait until `releaseHeld()` while
/// later sends go straight through, so a test can make one send overtake another.
/// Timed events (`schedule`) wait on a virtual queue clock that only `advanceQueue(to:)` moves: they are
/// delivered, and `waitUntil` returns, when it passes their time.
actor RecordingOutputPort: MIDIOutputPort, TuningRoutePort, TapEchoPort {
    enum Entry: Hashable {
        case now([MIDIEvent])
        case scheduled(now: [MIDIEvent], later: [MIDIEvent], after: Duration)
        case cancelScheduled
        case timed([TimedMIDIEvent])
        case cancelTimed
        /// A knob route installed on this key (nil: removed).
        case route(key: MIDINote?)
        /// A tap echo installed (nil: removed).
        case echo(TapEcho?)
    }

    struct Failure: Error {}
    /// What `failRouteChanges` throws: a sequencer client that has gone, in words.
    struct RouteFailure: Error, CustomStringConvertible {
        var description: String { "the sequencer client has been closed" }
    }

    private(set) var log: [Entry] = []
    /// What reached the synth, in order.
    private(set) var delivered: [MIDIEvent] = []
    private(set) var inFlight = 0
    var holdScheduled = false
    var failNextSend = false
    /// Installing and removing knob routes throw `RouteFailure` (the sequencer thread is gone).
    var failRouteChanges = false
    private var holdNext = false
    private var holding = false
    private var scheduledGeneration = 0
    private var released = 0

    func setHoldScheduled(_ hold: Bool) { holdScheduled = hold }
    func setFailNextSend() { failNextSend = true }
    func setFailRouteChanges(_ fail: Bool) { failRouteChanges = fail }
    func holdNextSend() { holdNext = true }
    func releaseHeld() { holding = false }
    func releaseScheduled() { released = scheduledGeneration }
    func clear() { log.removeAll(); delivered.removeAll() }

    func send(_ events: [MIDIEvent]) async throws {
        log.append(.now(events))
        if failNextSend { failNextSend = false; throw Failure() }
        inFlight += 1
        defer { inFlight -= 1 }
        if holdNext {
            holdNext = false
            holding = true
            while holding { await Task.yield() }
        }
        delivered += events
    }

    func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws {
        log.append(.scheduled(now: now, later: later, after: delay))
        if failNextSend { failNextSend = false; throw Failure() }
        delivered += now
        guard holdScheduled else { delivered += later; return }
        scheduledGeneration += 1
        let generation = scheduledGeneration
        inFlight += 1
        defer { inFlight -= 1 }
        let cancelledAt = cancellations
        while released < generation, cancellations == cancelledAt, !Task.isCancelled { await Task.yield() }
        if released >= generation, cancellations == cancelledAt { delivered += later }
    }

    private var cancellations = 0
    /// The route the sequencer thread would apply now.
    private(set) var route: TuningRoute?

    func installTuningRoute(_ route: TuningRoute?) async throws {
        if failRouteChanges { throw RouteFailure() }
        log.append(.route(key: route?.key))
        self.route = route
    }

    func installTapEcho(_ echo: TapEcho?) async throws {
        log.append(.echo(echo))
    }

    func removeTuningRoute() async throws -> TuningRoute? {
        if failRouteChanges { throw RouteFailure() }
        defer { route = nil }
        log.append(.route(key: nil))
        return route
    }

    /// What the sequencer thread does with a knob event while a route is installed.
    func applyRoute(to event: MIDIEvent) -> TuningRoute.Outcome? {
        guard var active = route else { return nil }
        let outcome = active.apply(event)
        route = active
        if case .bent(let bend, _) = outcome { delivered.append(bend) }
        if case .outOfRange = outcome { route = nil }
        return outcome
    }

    func cancelScheduled() async throws {
        log.append(.cancelScheduled)
        cancellations += 1
        dropTimed()
    }

    // MARK: Timed events on a virtual queue clock

    /// The virtual queue clock.
    private(set) var queueTime = QueueInstant(nanoseconds: 0)
    /// Timed events not delivered yet, in the order the queue would deliver them.
    private(set) var pendingTimed: [TimedMIDIEvent] = []
    private var timedCancellations = 0

    /// Moves the queue clock, delivering what falls due (in time order, equal times as queued).
    func advanceQueue(to instant: QueueInstant) {
        queueTime = max(queueTime, instant)
        let due = pendingTimed.filter { $0.time <= queueTime }
        pendingTimed.removeAll { $0.time <= queueTime }
        delivered += due.map(\.event)
    }

    func queueNow() async throws -> QueueInstant { queueTime }

    func queueWakeUps() async throws -> QueueWakeUps { .exact }

    func schedule(_ events: [TimedMIDIEvent]) async throws {
        log.append(.timed(events))
        if failNextSend { failNextSend = false; throw Failure() }
        cancelledHorizon = nil
        if let latest = events.map(\.time).max() { timedHorizon = max(timedHorizon ?? latest, latest) }
        for event in events {
            let index = pendingTimed.firstIndex { $0.time > event.time } ?? pendingTimed.endIndex
            pendingTimed.insert(event, at: index)
        }
        advanceQueue(to: queueTime)
    }

    /// How many `waitUntil` calls are waiting now (a test cancels only once its wait has begun).
    private(set) var waiting = 0

    func waitUntil(_ instant: QueueInstant) async throws {
        if let cancelledHorizon, instant <= cancelledHorizon { return }
        let cancelledAt = timedCancellations
        waiting += 1
        defer { waiting -= 1 }
        while queueTime < instant, timedCancellations == cancelledAt {
            try Task.checkCancellation()
            await Task.yield()
        }
    }

    func cancelTimed() async throws {
        log.append(.cancelTimed)
        dropTimed()
    }

    /// As the sequencer: a wait that begins after a cancel, for an instant the cancelled events reached, returns at once.
    private var timedHorizon: QueueInstant?
    private var cancelledHorizon: QueueInstant?

    private func dropTimed() {
        pendingTimed.removeAll()
        timedCancellations += 1
        if let timedHorizon { cancelledHorizon = max(cancelledHorizon ?? timedHorizon, timedHorizon) }
        timedHorizon = nil
    }
}

/// Replays a delivered stream the way a synth would: which keys are still down, which channels are bent.
struct SynthState: Equatable {
    var soundingKeys: Set<String> = []
    var bends: [MIDIChannel: PitchBend] = [:]

    init(_ events: [MIDIEvent]) {
        for event in events {
            switch event {
            case .noteOn(let channel, let note, let velocity) where velocity > 0:
                soundingKeys.insert("\(channel.rawValue):\(note.rawValue)")
            case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _):
                soundingKeys.remove("\(channel.rawValue):\(note.rawValue)")
            case .controlChange(let channel, let controller, _) where controller == 120 || controller == 123:
                soundingKeys = soundingKeys.filter { !$0.hasPrefix("\(channel.rawValue):") }
            case .pitchBend(let channel, let bend):
                bends[channel] = bend
            case .controlChange, .programChange:
                break
            }
        }
    }

    var allBendsCentred: Bool { bends.values.allSatisfy { $0 == .center } }
}

/// Lets other tasks run until `condition` holds (no wall-clock waiting); fails the wait after many turns.
func yieldUntil(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<100_000 {
        if await condition() { return true }
        await Task.yield()
    }
    return false
}
