import PeachCore
@testable import PeachMIDI
import Testing

private let one = MIDIChannel(0)!, two = MIDIChannel(1)!, drums = MIDIChannel(9)!
private let fluid = makePort(client: 128, clientName: "FLUID Synth (1234)")
private let ownOutput = SequencerAddress(client: 130, port: 0)
private let ceiling = OutputCeiling(velocity: 100, channelVolume: 90)
private let velocity = MIDIVelocity(100)!

private struct Rig {
    let service: MIDIOutputService
    let port: RecordingOutputPort
    let clock: VirtualClock
    let directory: FakeDirectory
    let configuration: MidiNotePlayerConfiguration
}

private let through = makePort(client: 14, clientName: "Midi Through", portName: "Midi Through Port-0", kind: .kernel,
                               types: [.midiGeneric])
private let hardware = makePort(client: 24, clientName: "JV-1080", portName: "JV-1080 MIDI 1", kind: .kernel,
                                types: [.midiGeneric, .hardware, .synthesizer])

private func makeRig(ceiling: OutputCeiling = ceiling, volume: Double = 100, offering: SynthMatching = .automaticSynth,
                     rhythm: RhythmSound = .percussion) -> Rig {
    let port = RecordingOutputPort()
    let clock = VirtualClock()
    let directory = FakeDirectory(ports: [fluid, through, hardware])
    let configuration = MidiNotePlayerConfiguration(profile: .generalMIDI, ceiling: ceiling)
    let service = MIDIOutputService(port: port, directory: directory, ownOutput: ownOutput, clock: clock,
                                    configuration: configuration, volumePercent: volume, offering: offering, rhythm: rhythm)
    return Rig(service: service, port: port, clock: clock, directory: directory, configuration: configuration)
}

private func expressionValues(_ events: [MIDIEvent], on channel: MIDIChannel = one) -> [UInt8] {
    events.compactMap { event in
        if case .controlChange(let c, 11, let value) = event, c == channel { return value } else { return nil }
    }
}

@Suite struct MIDIOutputServiceTests {
    /// The sessions ask the service (the app's note player) which pitches sound on a key calibration left out.
    @Test func theServiceSaysWhichPitchesSoundOnAnUnmeasuredKey() {
        let onlyA4 = SynthProfile(name: "calibrated A4", centsPerBendSemitone: 100, pitchResolution: .zero, rounding: .nearest,
                                  keyTuning: KeyTuning(offsets: [.a4: Cents(-5.6)]))
        let service = MIDIOutputService(port: RecordingOutputPort(), directory: FakeDirectory(ports: []), ownOutput: ownOutput,
                                        clock: VirtualClock(), configuration: MidiNotePlayerConfiguration(profile: onlyA4))
        #expect(!service.soundsOnUnmeasuredKey(Frequency(440).shifted(by: Cents(60))), "bent from A4")
        #expect(service.soundsOnUnmeasuredKey(Frequency(880)), "A5: no measured key within the bend's reach")
        #expect(!makeRig().service.soundsOnUnmeasuredKey(Frequency(880)), "no calibration claims nothing per key")
    }

    @Test func onlyASynthIsOfferedAfterALossAndOnlyTheChosenOneWhenAsked() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        _ = await rig.service.handle(.clientExit(client: 128))
        #expect(await rig.service.handle(.portStart(through.address)) == nil, "Midi Through makes no sound")
        #expect(await rig.service.handle(.portStart(hardware.address)) == .outputAvailable(name: OutputDestination(hardware).description))

        let strict = makeRig(offering: .specification("FLUID Synth"))
        try await strict.service.connect(to: fluid)
        _ = await strict.service.handle(.clientExit(client: 128))
        #expect(await strict.service.handle(.portStart(hardware.address)) == nil, "not the chosen synth")
        #expect(await strict.service.handle(.portStart(fluid.address)) == .outputAvailable(name: OutputDestination(fluid).description))
    }

    @Test func oneSetupBurstAcrossScreenChanges() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        // Comparison screen, then pitch matching, then back: play, notes, stops, pauses.
        for _ in 0..<3 {
            try await rig.service.play()
            try await rig.service.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged)
            let handle = try await rig.service.play(frequency: Frequency(450), velocity: velocity, amplitudeDB: .unchanged)
            try await handle.stop()
            await rig.service.pause(.user)
            try await rig.service.resume()
            await rig.service.stop(fadeOut: nil)
        }
        let setups = await rig.port.log.filter { $0 == .now(rig.configuration.setupEvents) }
        #expect(setups.count == 1)
        #expect(await rig.directory.connected == [fluid.address])
        let state = await rig.service.state
        #expect(state.destination == OutputDestination(fluid))
        #expect(state.destination?.kind == .softwareSynth)
    }

    @Test func connectSendsSetupThenVolumeAndExpression() async throws {
        let rig = makeRig(volume: 50)
        try await rig.service.connect(to: fluid)
        // The rhythm's channel (GM drums) gets the same volume and expression as the note channels.
        let expected = rig.configuration.setupEvents
            + [one, two, drums].map { MIDIEvent.controlChange(channel: $0, controller: 7, value: 45) }
            + [one, two, drums].map { MIDIEvent.controlChange(channel: $0, controller: 11, value: 90) }
        #expect(await rig.port.delivered == expected)
    }

    @Test func stopFadesExpressionOnTheClockThenSilences() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        _ = try await rig.service.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        await rig.port.clear()
        await rig.service.stop(fadeOut: .seconds(1))
        let ramp = FadeRamp(from: 90, to: 0, duration: .seconds(1))
        let sleeps = await rig.clock.sleeps
        #expect(sleeps.count == ramp.steps.count)
        #expect(sleeps.count >= 20, "at least 20 steps per second")
        #expect(sleeps.allSatisfy { $0 == .milliseconds(20) })
        let delivered = await rig.port.delivered
        #expect(Array(expressionValues(delivered).prefix(ramp.steps.count)) == ramp.steps.map(\.value))
        #expect(expressionValues(delivered, on: two).prefix(ramp.steps.count).last == 0)
        #expect(SynthState(delivered).soundingKeys.isEmpty)
        #expect(SynthState(delivered).allBendsCentred)
        #expect(expressionValues(delivered).last == 90, "expression restored once everything is silent")
        #expect(await rig.service.state.isPlaying == false)
    }

    @Test func pauseFadesRefusesNotesAndResumeRampsBack() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        await rig.service.pause(.quietBreak)
        #expect(await rig.service.state.pauseReason == .quietBreak)
        await #expect(throws: MIDIOutputServiceError.paused(.quietBreak)) {
            try await rig.service.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged)
        }
        #expect(expressionValues(await rig.port.delivered).last == 0)
        await rig.port.clear()
        try await rig.service.resume()
        let up = expressionValues(await rig.port.delivered)
        #expect(up == FadeRamp(from: 0, to: 90, duration: MIDIOutputService.defaultFade).steps.map(\.value))
        #expect(zip(up, up.dropFirst()).allSatisfy { $0 <= $1 })
        try await rig.service.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged)
    }

    @Test func destinationLostStopsAtOnceAndWaitsForTheUser() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        _ = try await rig.service.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        #expect(await rig.service.handle(.clientExit(client: 99)) == nil, "another client")
        let event = await rig.service.handle(.clientExit(client: 128))
        guard case .outputLost = event else { Issue.record("expected outputLost, got \(String(describing: event))"); return }
        #expect(await rig.clock.sleeps.isEmpty, "no fade")
        #expect(SynthState(await rig.port.delivered).soundingKeys.isEmpty)
        let state = await rig.service.state
        #expect(state.pauseReason == .destinationLost)
        #expect(state.destination == nil)
        #expect(state.lossReason != nil)
        await #expect(throws: MIDIOutputServiceError.notConnected) { try await rig.service.resume() }
        // The synth comes back: offered, not resumed.
        #expect(await rig.service.handle(.portStart(fluid.address)) == .outputAvailable(name: OutputDestination(fluid).description))
        #expect(await rig.service.state.offeredDestination == OutputDestination(fluid).description)
        #expect(await rig.service.state.pauseReason == .destinationLost)
        try await rig.service.connect(to: fluid)
        try await rig.service.resume()
        #expect(await rig.service.state.isPlaying)
    }

    @Test func switchingDestinationSilencesAndUnsubscribesTheOldOne() async throws {
        let rig = makeRig()
        let other = makePort(client: 24, clientName: "CASIO USB-MIDI", kind: .kernel, types: [.midiGeneric, .hardware, .port])
        try await rig.service.connect(to: fluid)
        _ = try await rig.service.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        try await rig.service.connect(to: other)
        #expect(SynthState(await rig.port.delivered).soundingKeys.isEmpty)
        #expect(await rig.directory.disconnected == [fluid.address])
        #expect(await rig.service.state.destination?.kind == .hardwareSynth)
        // The old synth quitting no longer concerns us.
        #expect(await rig.service.handle(.clientExit(client: 128)) == nil)
    }

    @Test func announceVerdicts() {
        let monitor = DestinationMonitor(ownOutput: ownOutput, destination: fluid.address)
        #expect(monitor.verdict(on: .portExit(fluid.address)) != .irrelevant)
        #expect(monitor.verdict(on: .portExit(SequencerAddress(client: 128, port: 1))) == .irrelevant)
        #expect(monitor.verdict(on: .portUnsubscribed(sender: ownOutput, destination: fluid.address)) != .irrelevant)
        #expect(monitor.verdict(on: .portUnsubscribed(sender: SequencerAddress(client: 20, port: 0), destination: fluid.address)) == .irrelevant)
        #expect(monitor.verdict(on: .portStart(SequencerAddress(client: 130, port: 1))) == .irrelevant, "our own ports")
    }

    @Test func anInterruptionOvertakesAFade() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        await rig.clock.holdSleep(3)
        let fading = Task { await rig.service.stop(fadeOut: .seconds(1)) }
        #expect(await yieldUntil { await rig.clock.isHolding })
        await rig.service.interrupt(.interrupted)
        await rig.clock.release()
        await fading.value
        #expect(await rig.clock.sleeps.count == 3, "the fade stopped where it was overtaken")
        #expect(await rig.service.state.pauseReason == .interruption)
        #expect(expressionValues(await rig.port.delivered).count == 1 + 2, "connect, then two fade steps")
    }

    /// An interruption pauses before it silences: a note a session asks for while the silence is still on its way is
    /// refused, not played after it (the pause used to be set once the silence was sent).
    @Test func aNoteAskedForWhileAnInterruptionSilencesIsRefused() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        await rig.port.holdNextSend()
        let interrupting = Task { await rig.service.interrupt(.interrupted) }
        #expect(await yieldUntil { await rig.port.inFlight > 0 }, "the silence is on its way")
        await #expect(throws: MIDIOutputServiceError.self) {
            try await rig.service.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged)
        }
        await rig.port.releaseHeld()
        await interrupting.value
        let delivered = await rig.port.delivered
        #expect(!delivered.contains { if case .noteOn = $0 { true } else { false } }, "no note after the silence: \(delivered)")
        #expect(await rig.service.state.pauseReason == .interruption)
    }

    @Test func setVolumeSendsCC7BelowTheCeiling() async throws {
        let rig = makeRig()
        try await rig.service.connect(to: fluid)
        await rig.port.clear()
        try await rig.service.setVolume(percent: 50)
        #expect(await rig.port.delivered == [one, two, drums].map { .controlChange(channel: $0, controller: 7, value: 45) })
        #expect(await rig.service.state.volumePercent == 50)
    }

    @Test func stateStreamStartsWithTheCurrentState() async throws {
        let rig = makeRig()
        let stream = await rig.service.states()
        try await rig.service.connect(to: fluid)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.destination == nil)
        #expect(await iterator.next()?.destination == OutputDestination(fluid))
    }

    @Test func routeKinds() {
        #expect(OutputRouteKind(makePort(client: 14, clientName: "Midi Through", kind: .kernel, types: [.midiGeneric])) == .throughOrUnknown)
        #expect(OutputRouteKind(makePort(client: 24, clientName: "CASIO USB-MIDI", kind: .kernel, types: [.midiGeneric, .hardware, .port])) == .hardwareSynth)
        #expect(OutputRouteKind(fluid) == .softwareSynth)
        #expect(OutputRouteKind(makePort(client: 20, clientName: "Odd", kind: .kernel, types: [])) == .throughOrUnknown)
    }

    /// Property: over random ceilings, volumes, velocities, gains and fades, nothing that reaches
    /// the synth exceeds the ceiling.
    @Test func ceilingHoldsOnEveryPath() async throws {
        var random = SeededRandom(seed: 0xBEEF)
        for _ in 0..<40 {
            let ceiling = OutputCeiling(velocity: Int.random(in: 1...127, using: &random), channelVolume: Int.random(in: 1...127, using: &random))
            var loud = RhythmSound.percussion
            loud.click.velocity = UInt8.random(in: 1...127, using: &random)
            loud.accent.velocity = 127
            loud.tap.velocity = UInt8.random(in: 1...127, using: &random)
            let rig = makeRig(ceiling: ceiling, volume: Double.random(in: -50...250, using: &random), rhythm: loud)
            try await rig.service.connect(to: fluid)
            let rhythm = rig.service.rhythmPlayer
            try await rhythm.schedule((0..<4).map { RhythmClick(time: QueueInstant(nanoseconds: Int64($0) * 100_000_000), accent: $0 == 0) })
            try await rhythm.playTapSound()
            await rig.port.advanceQueue(to: QueueInstant(nanoseconds: 1_000_000_000))
            for _ in 0..<5 {
                try await rig.service.setVolume(percent: Double.random(in: -50...250, using: &random))
                try await rig.service.play(frequency: Frequency(Double.random(in: 100...1000, using: &random)), duration: .seconds(1),
                                           velocity: MIDIVelocity(clamping: Int.random(in: 1...127, using: &random)),
                                           amplitudeDB: AmplitudeDB(Double.random(in: -40...40, using: &random)))
                await rig.service.pause(.user)
                try await rig.service.resume()
            }
            await rig.service.stop(fadeOut: .milliseconds(300))
            for event in await rig.port.delivered {
                switch event {
                case .noteOn(_, _, let velocity): #expect(velocity <= ceiling.velocity)
                case .controlChange(_, 7, let value), .controlChange(_, 11, let value): #expect(value <= ceiling.channelVolume)
                default: break
                }
            }
        }
    }
}
