import CALSA
import Glibc
import PeachCore
import PeachMIDI
import PeachText

/// Peach's client as it lives on the sequencer thread: the handle, its ports and queue, the consumer
/// of incoming events and the callers waiting for scheduled events. Confined to `SequencerThread`
/// (never shared, so it needs no locks).
final class SequencerSession {
    let handle: SequencerHandle
    let outputPort: Int
    let inputPort: Int
    let queue: Int32
    /// The queue's timer, read once at start.
    let timer: QueueTimerInfo?
    /// Where the queue delivers what `schedule` puts on it (every time kept where the timer is unknown).
    var wakeUps: QueueWakeUps { timer?.wakeUps ?? .exact }
    private let logger: any PeachLogger
    private var input: AsyncStream<SequencerInput>.Continuation?
    /// Callers of `send(_:then:after:)`, resumed when their marker comes back from the queue.
    private var waiters: [UInt32: CheckedContinuation<Void, any Error>] = [:]
    /// Callers of `waitUntil(_:)`, resumed when their marker comes back or a cancel ends the wait.
    private var timedWaiters: [UInt32: CheckedContinuation<Void, any Error>] = [:]
    /// The event tag of everything `schedule(_:)` queues (and of `waitUntil`'s markers): cancelling a
    /// rhythm removes these and leaves a note's queued note-off alone.
    static let timedTag: Int32 = 1
    /// The latest time of the timed events scheduled since the last cancel.
    private var timedHorizon: QueueInstant?
    /// What the last cancel removed reached this far: a wait for an instant up to it that arrives after
    /// the cancel (its caller raced the stop) returns at once instead of waiting for a pattern that is gone.
    /// Cleared when something new is scheduled.
    private var cancelledHorizon: QueueInstant?
    /// Cancellations that overtook their own `schedule` job.
    private var cancelledTags: Set<UInt32> = []
    /// The knob routed to a held note: its events become bends here, on this thread (`install(_:)`).
    private(set) var route: TuningRoute?
    /// The sound a MIDI tap gets the moment it is read, while a timing mode plays (`installEcho(_:)`); the
    /// events it answers are the ones the controller decoder takes for taps (`ControllerDecoder.isTap`).
    private(set) var tapEcho: TapEcho?
    /// The routed bend not sent yet: the thread reads until the kernel has nothing more for it, then sends
    /// one bend, the newest (before anything else is delivered). A knob faster than the thread sends no
    /// superseded bends; under an endless flood a bend still goes out every `longestUnsent`.
    private var unsentBend: MIDIEvent?
    private var unsentSince: UInt64 = 0
    static let longestUnsent: UInt64 = 2_000_000
    /// The newest routed position not yet told to the main actor. It is told before anything else that
    /// follows it, and otherwise at most once per `tellInterval`: the screen's knob light needs no more,
    /// and a main actor woken at the knob's rate would take the processor from this thread.
    private var untoldPosition: SequencerInput?
    private var lastToldAt: UInt64 = 0
    static let tellInterval: UInt64 = 8_000_000

    init(clientName: String, queueFrequency: Int, logger: any PeachLogger) throws(SequencerError) {
        handle = try SequencerHandle(name: clientName)
        self.logger = logger
        outputPort = try handle.createPort(
            name: "out", capabilities: UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ),
            type: UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION))
        // Started now, long before any rhythm is scheduled on it: the first event after a queue starts
        // can be late (docs/rhythm-timing.md).
        queue = try handle.createStartedQueue(name: "Peach timing", frequency: queueFrequency)
        // Every event arriving here is stamped by the kernel with the queue's real time: a tap and the
        // clicks it answers are on one clock, with no user-space timing in between.
        inputPort = try handle.createTimestampingPort(
            name: "in", capabilities: UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE),
            type: UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION), queue: queue)
        // Where the queue wakes up: timed events are put on its nearest wake-up (QueueTimerInfo.nearestWakeUp).
        // Unknown (no timer query device): events keep their exact times and leave up to a period late.
        timer = try? handle.queueTimer(queue)
        // The kernel announces clients and ports coming and going on System:Announce; hearing it on
        // our input is how a vanished synth is noticed (events to no subscriber are dropped silently).
        let announced = try handle.connect(from: .systemAnnounce, toOurPort: inputPort)
        try ALSADiagnostics.check(announced, "snd_seq_connect_from(0:1 System:Announce)")
    }

    // MARK: Output

    func send(_ events: [MIDIEvent]) throws(SequencerError) {
        for message in events { try send(message) }
    }

    func send(_ message: MIDIEvent) throws(SequencerError) {
        var event = EventEncoding.event(for: message)
        peach_ev_to_subscribers_direct(&event, Int32(outputPort))
        try handle.output(&event)
    }

    /// Sends `now` at once, schedules `later` `delay` from now on our queue, then a marker to our own
    /// input at the same time: events on one queue with equal times leave in the order they were
    /// queued, so the marker arrives just after `later` has been delivered, and `waiter` resumes.
    func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration, tag: UInt32,
              waiter: CheckedContinuation<Void, any Error>) {
        do {
            try send(now)
            let (seconds, nanoseconds) = Self.split(delay)
            for message in later {
                var event = EventEncoding.event(for: message)
                peach_ev_to_subscribers_direct(&event, Int32(outputPort))
                peach_ev_schedule_real_relative(&event, queue, seconds, nanoseconds)
                try handle.output(&event)
            }
            var marker = snd_seq_event_t()
            peach_ev_clear(&marker)
            peach_ev_set_marker(&marker, tag)
            peach_ev_to_subscribers_direct(&marker, Int32(outputPort))
            peach_ev_set_dest(&marker, Int32(handle.clientID), Int32(inputPort))
            peach_ev_schedule_real_relative(&marker, queue, seconds, nanoseconds)
            try handle.output(&marker)
        } catch {
            waiter.resume(throwing: error)
            return
        }
        if cancelledTags.remove(tag) != nil {
            waiter.resume(throwing: CancellationError())
        } else {
            waiters[tag] = waiter
        }
    }

    /// The caller's task was cancelled: it stops waiting (its events stay scheduled; see the protocol).
    func cancelWaiter(tag: UInt32) {
        if let waiter = waiters.removeValue(forKey: tag) ?? timedWaiters.removeValue(forKey: tag) {
            waiter.resume(throwing: CancellationError())
        } else {
            cancelledTags.insert(tag)
        }
    }

    /// Drops everything scheduled and not yet delivered. Waiting callers return normally: their
    /// later events will never be delivered, which is what the stop that called this wanted.
    func cancelScheduled() throws(SequencerError) {
        try handle.removeScheduledOutput(queue: queue)
        timedWereCancelled()
        let dropped = Array(waiters.values) + Array(timedWaiters.values)
        waiters.removeAll()
        timedWaiters.removeAll()
        for waiter in dropped { waiter.resume() }
    }

    // MARK: Timed events (rhythms)

    /// The queue's real time now.
    func queueNow() throws(SequencerError) -> QueueInstant {
        QueueInstant(nanoseconds: try handle.queueRealTime(queue))
    }

    /// Every event to our subscribers at its absolute time on our queue (the queue's nearest wake-up to it),
    /// tagged so `cancelTimed` finds it. Each is in the kernel's queue when this returns (`snd_seq_event_output_direct`).
    func schedule(_ events: [TimedMIDIEvent]) throws(SequencerError) {
        guard let latest = events.map(\.time).max() else { return }
        cancelledHorizon = nil
        timedHorizon = max(timedHorizon ?? latest, latest)
        for timed in events {
            var event = EventEncoding.event(for: timed.event)
            peach_ev_to_subscribers_direct(&event, Int32(outputPort))
            Self.scheduleAbsolute(&event, at: wakeUps.nearest(to: timed.time), on: queue)
            try handle.output(&event)
        }
    }

    /// A marker to our own input at `instant`: `waiter` resumes when it comes back (the queue has reached
    /// `instant`), or when a cancel removes it.
    func waitUntil(_ instant: QueueInstant, tag: UInt32, waiter: CheckedContinuation<Void, any Error>) {
        if let cancelledHorizon, instant <= cancelledHorizon {
            cancelledTags.remove(tag)
            waiter.resume()
            return
        }
        do {
            var marker = snd_seq_event_t()
            peach_ev_clear(&marker)
            peach_ev_set_marker(&marker, tag)
            peach_ev_to_subscribers_direct(&marker, Int32(outputPort))
            peach_ev_set_dest(&marker, Int32(handle.clientID), Int32(inputPort))
            Self.scheduleAbsolute(&marker, at: instant, on: queue)
            try handle.output(&marker)
        } catch {
            waiter.resume(throwing: error)
            return
        }
        if cancelledTags.remove(tag) != nil {
            waiter.resume(throwing: CancellationError())
        } else {
            timedWaiters[tag] = waiter
        }
    }

    /// Drops every timed event not yet delivered (by its tag) and ends every `waitUntil` at once.
    func cancelTimed() throws(SequencerError) {
        try handle.removeScheduledOutput(queue: queue, tag: Self.timedTag)
        timedWereCancelled()
        let dropped = timedWaiters
        timedWaiters.removeAll()
        for waiter in dropped.values { waiter.resume() }
    }

    private func timedWereCancelled() {
        if let timedHorizon { cancelledHorizon = max(cancelledHorizon ?? timedHorizon, timedHorizon) }
        timedHorizon = nil
    }

    private static func scheduleAbsolute(_ event: inout snd_seq_event_t, at instant: QueueInstant, on queue: Int32) {
        let nanoseconds = max(instant.nanoseconds, 0)
        peach_ev_schedule_real_absolute(&event, queue, UInt32(clamping: nanoseconds / 1_000_000_000),
                                        UInt32(nanoseconds % 1_000_000_000))
        peach_ev_set_tag(&event, timedTag)
    }

    // MARK: Input

    /// One consumer at a time: a new stream finishes the previous one.
    func replaceInput(_ continuation: AsyncStream<SequencerInput>.Continuation) {
        input?.finish()
        input = continuation
    }

    /// Installs (or with nil removes) the knob route; what the old route did is told first.
    func install(_ newRoute: TuningRoute?) {
        flushRouted()
        route = newRoute
    }

    /// Installs (or with nil removes) the tap echo.
    func installEcho(_ echo: TapEcho?) {
        tapEcho = echo
    }

    /// Reads and dispatches every pending event (the handle is non-blocking), then sends the burst's
    /// bend and tells its position if due.
    func readAvailable() {
        while true {
            let pointer: UnsafeMutablePointer<snd_seq_event_t>?
            do {
                pointer = try handle.nextInput()
            } catch {
                if case .call(_, let code, _) = error, code == -ENOSPC {
                    logger.log(.warning, tr(.logSequencerOverrun))
                    continue
                }
                logger.log(.error, tr(.logSequencerError, ["error": "\(error)"]))
                break
            }
            guard let pointer else { break }
            dispatch(EventDecoding.decode(pointer.pointee, receivedAtNanoseconds: Self.monotonicNanoseconds(),
                                          stampedBy: queue),
                     from: Int(pointer.pointee.source.client))
            // A flood that never lets the kernel run dry still moves the note.
            if unsentBend != nil, !handle.hasBufferedInput,
               Self.monotonicNanoseconds() &- unsentSince >= Self.longestUnsent { sendRoutedBend() }
        }
        sendRoutedBend()
        tellPositionIfDue()
    }

    /// Milliseconds until an untold position is due (the poll timeout), or -1 (wait for input).
    var millisecondsUntilTellDue: Int32 {
        guard untoldPosition != nil else { return -1 }
        let elapsed = Self.monotonicNanoseconds() &- lastToldAt
        guard elapsed < Self.tellInterval else { return 0 }
        return Int32((Self.tellInterval - elapsed + 999_999) / 1_000_000)
    }

    /// Tells the untold position once `tellInterval` has passed since the last one was told.
    func tellPositionIfDue() {
        guard untoldPosition != nil, Self.monotonicNanoseconds() &- lastToldAt >= Self.tellInterval else { return }
        tellPosition()
    }

    /// The burst's bend out, then its position told: before anything that follows it.
    private func flushRouted() {
        sendRoutedBend()
        tellPosition()
    }

    private func sendRoutedBend() {
        guard let bend = unsentBend else { return }
        unsentBend = nil
        do {
            try send(bend)
        } catch {
            logger.log(.warning, tr(.logRoutedBendNotSent, ["error": "\(error)"]))
        }
    }

    /// Delivers the newest routed position, if one is untold.
    private func tellPosition() {
        guard let position = untoldPosition else { return }
        untoldPosition = nil
        lastToldAt = Self.monotonicNanoseconds()
        input?.yield(position)
    }

    private func dispatch(_ decoded: DecodedEvent, from client: Int) {
        switch decoded {
        case .input(let value):
            echoIfTap(value)
            switch routed(value) {
            case .original:
                flushRouted()
                input?.yield(value)
            case .nothing: break
            case .instead(let position): untoldPosition = position
            }
        case .marker(let tag) where client == handle.clientID:
            (waiters.removeValue(forKey: tag) ?? timedWaiters.removeValue(forKey: tag))?.resume()
        case .marker:
            logger.log(.debug, "ALSA sequencer: ignored a USR0 event from client \(client)")
        case .ignored(let type):
            logger.log(.debug, "ALSA sequencer: ignored event type \(type) from client \(client)")
        }
    }

    /// A tap's sound at once, its note-off queued with the rhythm (a cancel of the rhythm removes it).
    private func echoIfTap(_ value: SequencerInput) {
        guard let echo = tapEcho, case .midi(let event, _, _, _) = value, ControllerDecoder.isTap(event) else { return }
        do {
            try send(echo.noteOn)
            try schedule([TimedMIDIEvent(echo.noteOff, at: try queueNow() + echo.length)])
        } catch {
            logger.log(.warning, tr(.logTapEchoNotSent, ["error": "\(error)"]))
        }
    }

    private enum Delivery {
        case original
        case nothing
        case instead(SequencerInput)
    }

    /// Applies the route to a controller event: its bend becomes the burst's bend, and the main actor
    /// will hear where the note is now instead of the knob event.
    private func routed(_ value: SequencerInput) -> Delivery {
        // Optional chaining applies it in place: no copy of the route per event.
        guard case .midi(let event, _, let received, _) = value, let outcome = route?.apply(event) else { return .original }
        switch outcome {
        case .notMine:
            return .original
        case .absorbed:
            return .nothing
        case .bent(let bend, let cents):
            if unsentBend == nil { unsentSince = received }
            unsentBend = bend
            return .instead(.tuned(centsFromTarget: cents, receivedAtNanoseconds: received))
        case .unchanged(let cents):
            return .instead(.tuned(centsFromTarget: cents, receivedAtNanoseconds: received))
        case .outOfRange:
            // The player retriggers on a nearer key (main actor path) and installs a new route.
            route = nil
            return .original
        }
    }

    // MARK: Shutdown

    func shutdown() {
        let pending = Array(waiters.values) + Array(timedWaiters.values)
        waiters.removeAll()
        timedWaiters.removeAll()
        for waiter in pending { waiter.resume(throwing: SequencerError.closed) }
        input?.finish()
        input = nil
        handle.close()
    }

    private static func split(_ delay: Duration) -> (UInt32, UInt32) {
        let clamped = max(delay, .zero)
        let (seconds, attoseconds) = clamped.components
        return (UInt32(clamping: seconds), UInt32(attoseconds / 1_000_000_000))
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
