import PeachCore

/// The one MIDI output for the whole program, created once in the composition root and shared by
/// every screen and session (it is their `NotePlayer`). Switching screens never re-sends the setup:
/// the setup burst goes out only on `connect` (at launch and after a reconnection).
///
/// - Every event passes a `CeilingEnforcingOutputPort`, so no note velocity or CC7/CC11 value
///   exceeds the user's ceiling, whatever a session asks for.
/// - Fades ramp CC11 (expression) between 0 and the ceiling's channel volume, step by step on the
///   injected clock, then stop all notes. Interruptions and a lost destination stop at once.
/// - Notes are refused while paused (any reason) or disconnected: only `play()`/`resume()`,
///   i.e. the user, lets them through again.
/// - Rhythms play through `rhythmPlayer`, on the same guarded port and under the same rules: the
///   rhythm's channel gets the volume, the fades and the silence of every stop like the note channels.
public actor MIDIOutputService: NotePlayer {
    public static let defaultFade: Duration = .milliseconds(500)

    public nonisolated let tuning: BendTuning
    public private(set) var state: OutputServiceState
    private let port: any MIDIOutputPort
    private let player: MidiNotePlayer
    /// The sequencer client, where a MIDI tap's sound is played on its thread (`MidiRhythmPlayer.echoMIDITaps`).
    private let echoes: (any TapEchoPort)?
    private let directory: any SequencerDirectory
    private let clock: any TrainingClock
    private let ceiling: OutputCeiling
    private let channels: [MIDIChannel]
    /// How rhythms sound (their channel is never one of the note channels).
    public nonisolated let rhythm: RhythmSound
    private let fadeDuration: Duration
    private let offering: SynthMatching
    private var monitor: DestinationMonitor
    /// The CC11 value last sent.
    private var expression: UInt8
    /// Bumped by every stop, pause and ramp, so a fade in progress notices it was overtaken.
    private var generation = 0
    private var observers: [Int: AsyncStream<OutputServiceState>.Continuation] = [:]
    private var nextObserver = 0

    public init<Port: MIDIOutputPort>(port: Port, directory: any SequencerDirectory, ownOutput: SequencerAddress,
                                      clock: any TrainingClock, configuration: MidiNotePlayerConfiguration = .init(),
                                      fadeDuration: Duration = MIDIOutputService.defaultFade, volumePercent: Double = 100,
                                      offering: SynthMatching = .automaticSynth, routes: (any TuningRoutePort)? = nil,
                                      echoes: (any TapEchoPort)? = nil, logger: any PeachLogger = SilentLogger(), rhythm: RhythmSound = .percussion) {
        let guarded = CeilingEnforcingOutputPort(port, ceiling: configuration.ceiling)
        self.port = guarded
        // Knob routes go to the sequencer client itself (`routes`): bends need no ceiling.
        self.player = MidiNotePlayer(port: guarded, configuration: configuration, routes: routes, logger: logger)
        self.echoes = echoes
        self.tuning = configuration.tuning
        self.directory = directory
        self.clock = clock
        self.ceiling = configuration.ceiling
        self.channels = configuration.channels
        self.rhythm = rhythm.avoiding(configuration.channels)
        self.fadeDuration = fadeDuration
        self.offering = offering
        self.monitor = DestinationMonitor(ownOutput: ownOutput)
        self.expression = configuration.ceiling.channelVolume
        self.state = OutputServiceState(volumePercent: min(max(volumePercent, 0), 100))
    }

    /// Each call returns a fresh stream that starts with the current state.
    public func states() -> AsyncStream<OutputServiceState> {
        let (stream, continuation) = AsyncStream<OutputServiceState>.makeStream(bufferingPolicy: .bufferingNewest(8))
        nextObserver += 1
        let id = nextObserver
        observers[id] = continuation
        continuation.yield(state)
        continuation.onTermination = { _ in Task { await self.removeObserver(id) } }
        return stream
    }

    // MARK: Destination

    /// Subscribes to `destination` and sends the setup burst: instrument, RPN 0 bend range and
    /// centred bend on every channel, then CC7 (user volume) and CC11 (full). Does not resume.
    /// Switching to another destination first silences the old one and drops that subscription.
    public func connect(to destination: SequencerPortInfo) async throws {
        if let previous = monitor.destination, previous != destination.address {
            await stopNow()
            try? await directory.disconnectOutput(from: previous)
            monitor.destination = nil
        }
        try await directory.connectOutput(to: destination.address)
        monitor.destination = destination.address
        update { $0.destination = OutputDestination(destination); $0.lossReason = nil; $0.offeredDestination = nil }
        try await player.configure()
        if !rhythm.setupEvents.isEmpty { try await port.send(rhythm.setupEvents) }
        expression = ceiling.channelVolume
        try await port.send(volumeEvents + expressionEvents(expression))
    }

    /// Reads one System:Announce event. A lost destination stops everything at once and returns
    /// `outputLost`; a new port that `offering` accepts returns `outputAvailable` (offered, never used by itself).
    @discardableResult
    public func handle(_ event: AnnounceEvent) async -> InterruptionEvent? {
        switch monitor.verdict(on: event) {
        case .irrelevant:
            return nil
        case .lost(let reason):
            monitor.destination = nil
            await stopNow()
            update {
                $0.destination = nil
                $0.isPlaying = false
                $0.pauseReason = .destinationLost
                $0.lossReason = reason
            }
            return .outputLost(reason: reason)
        case .portAppeared(let address):
            guard let port = try? await directory.ports().first(where: { $0.address == address }),
                  offering.accepts(port, ownClient: directory.ownClient) else { return nil }
            let name = OutputDestination(port).description
            if state.destination == nil { update { $0.offeredDestination = name } }
            return .outputAvailable(name: name)
        }
    }

    /// Suspension, hang-up or another interruption: stop at once, stay paused until the user resumes.
    public func interrupt(_ event: InterruptionEvent) async {
        guard event.stopsTraining else { return }
        // Paused before the silence: a note a session asks for while the notes are being silenced is refused, not
        // played after the silence (Ctrl-Z left a comparison's second note sounding so, in 1 of many VM runs).
        if case .outputLost(let reason) = event {
            update { $0.pauseReason = .destinationLost; $0.lossReason = reason }
        } else {
            update { $0.pauseReason = .interruption }
        }
        await stopNow()
        update { $0.isPlaying = false }
    }

    // MARK: Commands (from views)

    /// Starts (or restarts) training output: clears any pause, expression at full.
    public func play() async throws {
        guard state.destination != nil else { throw MIDIOutputServiceError.notConnected }
        generation += 1
        if expression != ceiling.channelVolume {
            expression = ceiling.channelVolume
            try await port.send(expressionEvents(expression))
        }
        update { $0.isPlaying = true; $0.pauseReason = nil }
    }

    /// Fades out over `fadeOut` (nil or zero: at once), then silences every note.
    public func stop(fadeOut: Duration? = MIDIOutputService.defaultFade) async {
        if let fadeOut, fadeOut > .zero, await fadeWasOvertaken(over: fadeOut) { return }
        await stopNow()
        // Nothing sounds now (CC120 cut the tails): restore expression so the next notes are heard.
        expression = ceiling.channelVolume
        try? await port.send(expressionEvents(expression))
        update { $0.isPlaying = false }
    }

    /// Pauses for `reason`: faded (user, quiet break) or at once (interruption, destination lost).
    /// Expression stays down until `resume()` ramps it back up.
    public func pause(_ reason: PauseReason) async {
        if !reason.stopsImmediately, await fadeWasOvertaken(over: fadeDuration) { return }
        update { $0.pauseReason = reason }
        await stopNow()
        update { $0.isPlaying = false }
    }

    /// The user resumes: notes are let through and expression ramps back up to full.
    public func resume() async throws {
        guard state.destination != nil else { throw MIDIOutputServiceError.notConnected }
        update { $0.isPlaying = true; $0.pauseReason = nil }
        if expression != ceiling.channelVolume { _ = try await ramp(to: ceiling.channelVolume, over: fadeDuration) }
    }

    /// 0...100 % user volume, sent as CC7 below the ceiling on every channel.
    public func setVolume(percent: Double) async throws {
        update { $0.volumePercent = min(max(percent, 0), 100) }
        guard state.destination != nil else { return }
        try await port.send(volumeEvents)
    }

    // MARK: NotePlayer (for the sessions)

    public func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws {
        try admitNote()
        try await player.play(frequency: frequency, duration: duration, velocity: velocity, amplitudeDB: amplitudeDB)
    }

    public func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle {
        try admitNote()
        return try await player.play(frequency: frequency, velocity: velocity, amplitudeDB: amplitudeDB)
    }

    public func stopAll() async throws { try await player.stopAll() }

    public func rest(for duration: Duration) async throws { try await player.rest(for: duration) }

    public nonisolated func presentedFrequency(for frequency: Frequency) -> Frequency {
        tuning.presentedFrequency(for: frequency)
    }

    public nonisolated func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool {
        tuning.soundsOnUnmeasuredKey(frequency)
    }

    // MARK: Rhythms (for the timing disciplines)

    /// The timing disciplines' `RhythmPlayer`: clicks on the queue through this service's guarded port,
    /// admitted like notes (refused while paused or disconnected). A vended player rather than the
    /// service itself: `RhythmPlayer.cancelScheduled` removes the rhythm only, while a stop of the
    /// service (`stop`, `pause`, a lost synth) silences notes and rhythm alike.
    public nonisolated var rhythmPlayer: MidiRhythmPlayer {
        MidiRhythmPlayer(port: port, sound: rhythm, echoes: echoes, ceiling: ceiling,
                         admit: { [self] in try await admitNote() })
    }

    /// Every channel Peach sounds on: the note channels, then the rhythm's.
    public nonisolated var outputChannels: [MIDIChannel] {
        channels.contains(rhythm.channel) ? channels : channels + [rhythm.channel]
    }

    // MARK: Internals

    private func admitNote() throws {
        guard state.destination != nil else { throw MIDIOutputServiceError.notConnected }
        if let reason = state.pauseReason { throw MIDIOutputServiceError.paused(reason) }
        if !state.isPlaying { update { $0.isPlaying = true } }
    }

    /// Ramps CC11 from its current value to `target` on the clock. Returns false when a stop,
    /// pause or another ramp overtook it (it then sends nothing more).
    private func ramp(to target: UInt8, over duration: Duration) async throws -> Bool {
        generation += 1
        let mine = generation
        var elapsed = Duration.zero
        for step in FadeRamp(from: expression, to: target, duration: duration).steps {
            try await clock.sleep(for: step.offset - elapsed)
            elapsed = step.offset
            guard mine == generation else { return false }
            expression = step.value
            try await port.send(expressionEvents(step.value))
        }
        return mine == generation
    }

    /// Fades expression to 0. True when another command overtook the fade (it then owns the
    /// outcome); a fade that fails (cancelled clock, port error) counts as finished, so the caller
    /// still silences everything.
    private func fadeWasOvertaken(over duration: Duration) async -> Bool {
        do { return try await !ramp(to: 0, over: duration) } catch { return false }
    }

    /// Overtakes any fade, removes the tap echo and silences every note and the rhythm (the player's stop drops everything
    /// queued, the clicks too, and ends the rhythm's waits). Errors are swallowed: the destination may be gone.
    private func stopNow() async {
        generation += 1
        try? await player.stopAll()
        try? await echoes?.installTapEcho(nil)
        try? await port.send(rhythm.noteOffs + SynthSetup.silence([rhythm.channel]))
    }

    private var volumeEvents: [MIDIEvent] {
        let value = ceiling.channelVolume(forPercent: state.volumePercent)
        return outputChannels.map { .controlChange(channel: $0, controller: MIDIController.channelVolume, value: value) }
    }

    private func expressionEvents(_ value: UInt8) -> [MIDIEvent] {
        outputChannels.map { .controlChange(channel: $0, controller: MIDIController.expression, value: value) }
    }

    private func update(_ change: (inout OutputServiceState) -> Void) {
        var next = state
        change(&next)
        guard next != state else { return }
        state = next
        for continuation in observers.values { continuation.yield(next) }
    }

    private func removeObserver(_ id: Int) { observers[id] = nil }
}
