import CALSA
import PeachCore
import PeachMIDI
import Synchronization

/// Peach's long-lived ALSA sequencer client: output port "out" (to the synth), input port "in"
/// (controllers, and System:Announce; every arrival stamped by the kernel on the queue's clock), a
/// real-time queue for exact note lengths and for rhythms scheduled at absolute times. Implements
/// PeachMIDI's ports. All libasound calls run on one dedicated thread (`SequencerThread`); the
/// methods here hand it jobs and await their results. Closing (or the last reference going away)
/// ends the thread and the client, which removes our ports and subscriptions in the kernel.
public final class ALSASequencer: MIDIOutputPort, MIDIInputPort, SequencerDirectory, TuningRoutePort,
                                   TapEchoPort {
    public let ownClient: Int
    /// Where our notes come from ("Peach:out"), as others see it.
    public let outputAddress: SequencerAddress
    /// Where controllers (and the kernel's announcements) are received ("Peach:in").
    public let inputAddress: SequencerAddress
    /// The number of Peach's real-time queue "Peach timing" (note lengths, rhythms, input stamps).
    public let timingQueue: Int
    private let thread: SequencerThread
    private let nextTag = Atomic<UInt32>(1)

    /// Opens the client. Throws `SequencerError.noSequencer` when there is no ALSA sequencer.
    /// Blocks the caller only while the client opens (a few system calls).
    /// `queueFrequency`: how often Peach's queue wakes, Hz; by default the kernel's own 1000 Hz, which
    /// `[rhythm] queue_frequency` also keeps (docs/rhythm-timing.md, "Queue frequency", has the measurements).
    public init(clientName: String = "Peach", queueFrequency: Int = QueueWakeUps.defaultFrequency,
                logger: any PeachLogger = SilentLogger()) throws(SequencerError) {
        let (thread, identity) = try SequencerThread.start(clientName: clientName, queueFrequency: queueFrequency, logger: logger)
        self.thread = thread
        ownClient = identity.client
        outputAddress = SequencerAddress(client: identity.client, port: identity.outputPort)
        inputAddress = SequencerAddress(client: identity.client, port: identity.inputPort)
        timingQueue = identity.queue
    }

    deinit { thread.stop() }

    /// Closes the client: pending `send(_:then:after:)` calls throw `SequencerError.closed`, input streams finish.
    public func close() { thread.stop() }

    // MARK: MIDIOutputPort

    public func send(_ events: [MIDIEvent]) async throws {
        try await perform { session throws(SequencerError) in try session.send(events) }
    }

    public func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws {
        let tag = nextTag.add(1, ordering: .relaxed).oldValue
        let thread = self.thread
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let accepted = thread.submit { session in
                    session.send(now, then: later, after: delay, tag: tag, waiter: waiter)
                }
                if !accepted { waiter.resume(throwing: SequencerError.closed) }
            }
        } onCancel: {
            thread.submit { session in session.cancelWaiter(tag: tag) }
        }
    }

    public func cancelScheduled() async throws {
        try await perform { session throws(SequencerError) in try session.cancelScheduled() }
    }

    // MARK: Timed events (rhythms)

    /// The real time of Peach's queue "Peach timing": the clock clicks are scheduled on and "Peach:in"
    /// stamps incoming events with.
    public func queueNow() async throws -> QueueInstant {
        try await perform { session throws(SequencerError) in try session.queueNow() }
    }

    /// The wake-ups the session puts timed events on: from the timer it read once at start, the same one it
    /// rounds every scheduled event with (no timer query per pattern).
    public func queueWakeUps() async throws -> QueueWakeUps {
        try await perform { session throws(SequencerError) in session.wakeUps }
    }

    public func schedule(_ events: [TimedMIDIEvent]) async throws {
        try await perform { session throws(SequencerError) in try session.schedule(events) }
    }

    public func waitUntil(_ instant: QueueInstant) async throws {
        let tag = nextTag.add(1, ordering: .relaxed).oldValue
        let thread = self.thread
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let accepted = thread.submit { session in session.waitUntil(instant, tag: tag, waiter: waiter) }
                if !accepted { waiter.resume(throwing: SequencerError.closed) }
            }
        } onCancel: {
            thread.submit { session in session.cancelWaiter(tag: tag) }
        }
    }

    public func cancelTimed() async throws {
        try await perform { session throws(SequencerError) in try session.cancelTimed() }
    }

    /// Which kernel timer drives Peach's queue and how finely (`peach ports` prints it).
    public func queueTimer() async throws -> QueueTimerInfo {
        try await perform { session throws(SequencerError) in try session.handle.queueTimer(session.queue) }
    }

    /// How the queue's clock stands against CLOCK_MONOTONIC: the tightest of `readings` bracketed readings
    /// (what maps a capture device's monotonic timestamps onto the queue a click was scheduled on).
    public func queueClockMapping(readings: Int = 25) async throws -> QueueClockMapping {
        let taken = try await perform { session throws(SequencerError) in
            try session.handle.bracketedQueueRealTimes(session.queue, count: max(readings, 1))
        }
        guard let mapping = QueueClockMapping(tightestOf: taken) else {
            throw SequencerError.call("clock_gettime", code: -EINVAL, detail: "the monotonic clock went backwards")
        }
        return mapping
    }

    // MARK: TuningRoutePort

    /// Installed on the sequencer thread, in order with sends: from the next knob event on, the route bends.
    public func installTuningRoute(_ route: TuningRoute?) async throws {
        try await perform { session throws(SequencerError) in session.install(route) }
    }

    public func removeTuningRoute() async throws -> TuningRoute? {
        try await perform { session throws(SequencerError) in
            let removed = session.route
            session.install(nil)
            return removed
        }
    }

    // MARK: TapEchoPort

    /// Installed on the sequencer thread, in order with sends: from the next tap read on, its sound is sent there.
    public func installTapEcho(_ echo: TapEcho?) async throws {
        try await perform { session throws(SequencerError) in session.installEcho(echo) }
    }

    // MARK: MIDIInputPort

    /// Controller events and announcements from now on. A new call finishes the previous stream.
    public func inputs() -> AsyncStream<SequencerInput> {
        let (stream, continuation) = AsyncStream.makeStream(of: SequencerInput.self, bufferingPolicy: .bufferingNewest(1024))
        if !thread.submit({ session in session.replaceInput(continuation) }) { continuation.finish() }
        return stream
    }

    // MARK: SequencerDirectory

    public func ports() async throws -> [SequencerPortInfo] {
        try await perform { session throws(SequencerError) in try session.handle.listPorts() }
    }

    /// Subscribes "Peach:out" to `destination`. Already connected is fine.
    public func connectOutput(to destination: SequencerAddress) async throws {
        try await perform { session throws(SequencerError) in
            guard let port = try session.handle.portInfo(destination) else { throw .noSuchPort(destination) }
            guard port.acceptsOutput else { throw .portNotWritable(destination, name: port.portName) }
            let result = try session.handle.connect(fromOurPort: session.outputPort, to: destination)
            if result != -EBUSY { try ALSADiagnostics.check(result, "snd_seq_connect_to(\(destination))") }
        }
    }

    /// Removes the subscription "Peach:out" → `destination`. Not connected is fine.
    public func disconnectOutput(from destination: SequencerAddress) async throws {
        try await perform { session throws(SequencerError) in
            let result = try session.handle.disconnect(fromOurPort: session.outputPort, to: destination)
            if result != -ENOENT && result != -EINVAL {
                try ALSADiagnostics.check(result, "snd_seq_disconnect_to(\(destination))")
            }
        }
    }

    /// Subscribes "Peach:in" to `source` (a controller's output). Already connected is fine.
    public func connectInput(from source: SequencerAddress) async throws {
        try await perform { session throws(SequencerError) in
            guard let port = try session.handle.portInfo(source) else { throw .noSuchPort(source) }
            guard port.providesInput else { throw .portNotReadable(source, name: port.portName) }
            let result = try session.handle.connect(from: source, toOurPort: session.inputPort)
            if result != -EBUSY { try ALSADiagnostics.check(result, "snd_seq_connect_from(\(source))") }
        }
    }

    // MARK: Emergency silence

    /// Makes `events` what the crash handler (`EmergencySilence.send`) writes to every subscriber of
    /// "Peach:out". Encoded on the sequencer thread, which also disarms it before the client closes.
    public func armEmergencySilence(_ events: [MIDIEvent]) {
        thread.submit { session in
            guard let descriptor = try? session.handle.outputDescriptor() else { return }
            EmergencySilence.publish(events, descriptor: descriptor, sourcePort: session.outputPort)
        }
    }

    // MARK: Running jobs on the sequencer thread

    /// Runs `body` on the sequencer thread, in order with everything else there (internal: tests hold
    /// the thread with it to make the kernel queue a burst).
    func perform<T: Sendable>(_ body: @escaping @Sendable (SequencerSession) throws(SequencerError) -> T)
        async throws(SequencerError) -> T {
        let result: Result<T, SequencerError> = await withCheckedContinuation { continuation in
            let accepted = thread.submit { session in
                continuation.resume(returning: Result { () throws(SequencerError) in try body(session) })
            }
            if !accepted { continuation.resume(returning: .failure(.closed)) }
        }
        return try result.get()
    }
}
