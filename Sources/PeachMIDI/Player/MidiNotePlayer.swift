import PeachCore
import PeachText

/// Plays Peach's notes on a synth through a `MIDIOutputPort`: each note is the nearest key plus a
/// channel pitch bend, the bend always sent before the note-on.
///
/// - Fixed-duration notes queue their note-off on the sequencer (`send(_:then:after:)`), so the
///   duration is exact; `play` returns when the note has ended.
/// - Held notes (pitch matching) are re-bent by `adjustFrequency`. When the new pitch is beyond the
///   bend range from the held key, the note is retriggered on the nearest key in one burst:
///   bend, note-on of the new key, note-off of the old key. The new key starts before the old one
///   stops, so there is no silent gap, only the new key's attack; it lands within ±50 c of the
///   key, far from the range edge, so a knob hovering there cannot make it flap.
/// - Adjustments are coalesced per note: one send in flight, one pending slot that each new
///   adjustment overwrites. A knob sending hundreds of values a second never queues; the newest wins.
/// - Every stop path (`stopAll`, a handle's `stop`, a cancelled or failed `play`) ends with the
///   note-off of each note Peach started, then CC123, CC120 and the bend centred on the channel.
/// - A knob can be routed to a held note (`routeKnob`): the sequencer thread then bends it directly
///   (`TuningRoute`). The route is removed before the note's note-off is sent, reinstalled after a
///   retrigger or a keyboard move, so it never bends a note that has stopped. A route that cannot be
///   installed or removed is logged, never fatal: the knob then tunes through `adjustFrequency`.
public actor MidiNotePlayer: NotePlayer {
    public nonisolated let configuration: MidiNotePlayerConfiguration
    public nonisolated let tuning: BendTuning
    private let port: any MIDIOutputPort
    private var allocator: ChannelAllocator
    private var voices: [Int: Voice] = [:]
    private var nextID = 0
    private let routes: (any TuningRoutePort)?
    /// The knob routed to a held voice, and which voice.
    private var routed: (id: Int, knob: KnobRoute)?
    /// Where a route that could not be installed or removed is reported.
    private let logger: any PeachLogger

    /// `routes` is where knob routes are installed (the sequencer client); nil: knobs always go through `adjustFrequency`.
    /// `logger` hears when a route cannot be installed or removed.
    public init(port: any MIDIOutputPort, configuration: MidiNotePlayerConfiguration = .init(),
                routes: (any TuningRoutePort)? = nil, logger: any PeachLogger = SilentLogger()) {
        self.port = port
        self.routes = routes
        self.logger = logger
        self.configuration = configuration
        self.tuning = configuration.tuning
        self.allocator = ChannelAllocator(channels: configuration.channels)
    }

    /// Sends the setup burst (instrument, RPN 0 bend range, centred bend) on every channel.
    /// Call at connect time and again after any reconnection.
    public func configure() async throws {
        try await port.send(configuration.setupEvents)
    }

    public nonisolated func presentedFrequency(for frequency: Frequency) -> Frequency {
        tuning.presentedFrequency(for: frequency)
    }

    public nonisolated func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool {
        tuning.soundsOnUnmeasuredKey(frequency)
    }

    // MARK: Fixed-duration notes

    public func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws {
        try Task.checkCancellation()
        let (id, voice) = start(frequency: frequency, velocity: velocity, amplitudeDB: amplitudeDB, held: false)
        do {
            try await port.send(voice.startEvents, then: [voice.noteOff], after: duration)
        } catch {
            // Destination lost or cancelled mid-note: silence it, but report the original failure.
            try? await silence(id, dropScheduled: true)
            throw error
        }
        if Task.isCancelled {
            try await silence(id, dropScheduled: true)
            throw CancellationError()
        }
        // Ended by its queued note-off (or already silenced by stopAll).
        voices[id] = nil
    }

    // MARK: Rests

    /// Nothing sent: only a marker on the queue `duration` ahead, and this returns when it comes back, the same
    /// clock a fixed-duration note ends by. A stop (`stopAll` drops the queue) ends the rest at once.
    public func rest(for duration: Duration) async throws {
        try Task.checkCancellation()
        try await port.send([], then: [], after: duration)
    }

    // MARK: Held notes

    public func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle {
        try Task.checkCancellation()
        let (id, voice) = start(frequency: frequency, velocity: velocity, amplitudeDB: amplitudeDB, held: true)
        do {
            try await port.send(voice.startEvents)
        } catch {
            try? await silence(id, dropScheduled: false)
            throw error
        }
        try await repairIfStopped(id, started: voice.note, on: voice.channel)
        return HeldNote(player: self, id: id, key: voice.heldKey ?? HeldKey(voice.note))
    }

    func adjustHeldNote(_ id: Int, to frequency: Frequency) async throws {
        guard voices[id] != nil else { return }
        voices[id]?.pendingTarget = frequency
        // A send is in flight: it will pick this target up (or a newer one) when it returns.
        guard voices[id]?.sending == false else { return }
        voices[id]?.sending = true
        defer { voices[id]?.sending = false }
        while let voice = voices[id], let target = voice.pendingTarget {
            voices[id]?.pendingTarget = nil
            let channel = voice.channel
            let events: [MIDIEvent]
            var started: MIDINote?
            if let placed = tuning.placement(of: target, on: voice.note) {
                guard placed.bend != voice.bend else { continue }
                events = [.pitchBend(channel: channel, bend: placed.bend)]
                voices[id]?.bend = placed.bend
            } else {
                let placed = tuning.placement(of: target)
                events = [.pitchBend(channel: channel, bend: placed.bend),
                          .noteOn(channel: channel, note: placed.note, velocity: voice.velocity),
                          voice.noteOff]
                // State first: a stop arriving while this burst is in flight must silence the new key.
                voices[id]?.note = placed.note
                voices[id]?.heldKey?.move(to: placed.note)
                voices[id]?.bend = placed.bend
                started = placed.note
            }
            try await port.send(events)
            if let started { try await repairIfStopped(id, started: started, on: channel) }
            voices[id]?.frequency = target
        }
        // The routed knob continues from here, on the key the note has now.
        if routed?.id == id { await installRoute() }
    }

    // MARK: Routed knob

    func routeKnob(_ knob: KnobRoute?, to id: Int) async {
        guard let knob else {
            if routed?.id == id { await removeRoute() }
            return
        }
        guard voices[id]?.held == true else { return }
        routed = (id, knob)
        await installRoute()
    }

    /// Takes the knob back; where it left the note (nil when it never moved it).
    func takeKnob(from id: Int) async -> Cents? {
        guard routed?.id == id, let route = await removeRoute(), route.hasMoved else { return nil }
        return route.centsFromTarget
    }

    /// Installs the route for the routed voice as it sounds now (key, bend, pitch). When that fails the
    /// knob stays with the main actor for this note (its events arrive as controller input and tune
    /// through `adjustFrequency`), so nothing is lost but speed; the failure is logged once.
    private func installRoute() async {
        guard let routes, let (id, knob) = routed, let voice = voices[id] else { return }
        let route = TuningRoute(knob: knob, channel: voice.channel, key: voice.note, bend: voice.bend,
                                centsFromTarget: Cents.between(knob.target, and: voice.frequency), tuning: tuning)
        do {
            try await routes.installTuningRoute(route)
        } catch {
            routed = nil
            logger.log(.warning, tr(.logKnobNotRouted, ["error": "\(error)"]))
        }
    }

    /// Before any note-off: the route must not bend a note that has stopped. The voice takes over the
    /// pitch the route left it at, so a keyboard move after this steps from there.
    @discardableResult
    private func removeRoute() async -> TuningRoute? {
        guard let routes, let (id, knob) = routed else { return nil }
        routed = nil
        let removed: TuningRoute?
        do {
            removed = try await routes.removeTuningRoute()
        } catch {
            // The stop goes on regardless: the note must be switched off whatever became of its route.
            logger.log(.error, tr(.logKnobRouteNotRemoved, ["error": "\(error)"]))
            return nil
        }
        guard let removed else { return nil }
        if removed.hasMoved, voices[id]?.note == removed.key {
            voices[id]?.bend = removed.bend
            voices[id]?.frequency = knob.target.shifted(by: removed.centsFromTarget)
        }
        return removed
    }

    func stopHeldNote(_ id: Int) async throws {
        try await silence(id, dropScheduled: false)
    }

    // MARK: Stopping

    /// Note-off for every note Peach started, then CC123, CC120 and a centred bend on every
    /// configured channel. Queued note-offs are dropped first: the notes are off now.
    public func stopAll() async throws {
        await removeRoute()
        let stopping = voices.keys.sorted().compactMap { voices[$0] }
        voices.removeAll()
        var firstError: (any Error)?
        do { try await port.cancelScheduled() } catch { firstError = error }
        do {
            try await port.send(stopping.map(\.noteOff) + SynthSetup.silence(configuration.channels.sorted()))
        } catch { firstError = firstError ?? error }
        if let firstError { throw firstError }
    }

    // MARK: Internals

    private func start(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB, held: Bool) -> (Int, Voice) {
        let placed = tuning.placement(of: frequency)
        let channel = allocator.allocate(busy: Set(voices.values.map(\.channel)))
        let voice = Voice(channel: channel, note: placed.note, bend: placed.bend,
                          velocity: VelocityCurve.velocity(velocity, gain: amplitudeDB, ceiling: configuration.ceiling),
                          held: held, heldKey: held ? HeldKey(placed.note) : nil, frequency: frequency)
        nextID += 1
        voices[nextID] = voice
        return (nextID, voice)
    }

    /// Silences one voice: its note-off, then CC123/CC120/bend centre on its channel unless another
    /// of Peach's notes still sounds there. `dropScheduled` also cancels its queued note-off, when
    /// no other fixed-duration note has one pending (cancelling is port-wide).
    private func silence(_ id: Int, dropScheduled: Bool) async throws {
        if routed?.id == id { await removeRoute() }
        guard let voice = voices.removeValue(forKey: id) else { return }
        if dropScheduled, !voices.values.contains(where: { !$0.held }) {
            try? await port.cancelScheduled()
        }
        let channelFree = !voices.values.contains { $0.channel == voice.channel }
        try await port.send([voice.noteOff] + (channelFree ? SynthSetup.silence([voice.channel]) : []))
    }

    /// A stop may have overtaken a note-on still in flight (both suspend on the port); if the
    /// voice was stopped meanwhile, switch the key it started off again so nothing is left on.
    private func repairIfStopped(_ id: Int, started note: MIDINote, on channel: MIDIChannel) async throws {
        guard voices[id] == nil else { return }
        try await port.send([.noteOff(channel: channel, note: note, velocity: 64)])
    }
}

private extension Voice {
    /// Bend before note-on: the key must start at its pitch, not glide to it.
    var startEvents: [MIDIEvent] { [.pitchBend(channel: channel, bend: bend), .noteOn(channel: channel, note: note, velocity: velocity)] }
}
