import Testing
import PeachCore
@testable import PeachMIDI

private func makePlayer(profile: SynthProfile = .generalMIDI, ceiling: OutputCeiling = OutputCeiling(velocity: 127, channelVolume: 127))
    -> (MidiNotePlayer, RecordingOutputPort) {
    let port = RecordingOutputPort()
    let player = MidiNotePlayer(port: port, configuration: MidiNotePlayerConfiguration(profile: profile, ceiling: ceiling))
    return (player, port)
}

private let one = MIDIChannel(0)!, two = MIDIChannel(1)!
private let a4 = MIDINote.a4
private let velocity = MIDIVelocity(100)!

@Suite struct MidiNotePlayerTests {
    @Test func configureSendsTheSetupBurstOnEveryChannel() async throws {
        let (player, port) = makePlayer()
        try await player.configure()
        let expected = [one, two].flatMap { SynthSetup.channel($0, instrument: .piano, bendRange: .default) }
        #expect(await port.log == [.now(expected)])
        try await player.configure() // after a reconnection: the same burst again
        #expect(await port.log == [.now(expected), .now(expected)])
    }

    @Test func fixedNoteBendsBeforeNoteOnAndQueuesItsNoteOff() async throws {
        let (player, port) = makePlayer()
        let frequency = Frequency(440).shifted(by: Cents(25))
        try await player.play(frequency: frequency, duration: .milliseconds(800), velocity: velocity, amplitudeDB: .unchanged)
        let bend = player.tuning.placement(of: frequency).bend
        #expect(bend.value == 1024)
        #expect(await port.log == [.scheduled(now: [.pitchBend(channel: one, bend: bend), .noteOn(channel: one, note: a4, velocity: 100)],
                                              later: [.noteOff(channel: one, note: a4, velocity: 64)], after: .milliseconds(800))])
        #expect(SynthState(await port.delivered).soundingKeys.isEmpty, "ended by its queued note-off")
    }

    /// A rest sends nothing and waits on the queue, as a fixed note's end does; a stop ends it at once.
    @Test func aRestIsTimedByTheQueueAndAStopEndsIt() async throws {
        let (player, port) = makePlayer()
        try await player.rest(for: .milliseconds(750))
        #expect(await port.log == [.scheduled(now: [], later: [], after: .milliseconds(750))])
        #expect(await port.delivered.isEmpty)

        await port.setHoldScheduled(true)
        let resting = Task { try await player.rest(for: .seconds(5)) }
        while await port.inFlight == 0 { await Task.yield() }
        try await player.stopAll()
        try await resting.value
    }

    @Test func successiveNotesUseSeparateChannels() async throws {
        let (player, port) = makePlayer()
        for _ in 0..<3 {
            try await player.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged)
        }
        let channels = await port.delivered.compactMap { event -> MIDIChannel? in
            if case .noteOn(let channel, _, _) = event { return channel } else { return nil }
        }
        #expect(channels == [one, two, one])
    }

    @Test func heldNoteKeepsItsChannelBusy() async throws {
        let (player, port) = makePlayer()
        _ = try await player.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged) // channel 1
        try await player.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged) // 2
        try await player.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged) // 2 again
        let channels = await port.delivered.compactMap { event -> MIDIChannel? in
            if case .noteOn(let channel, _, _) = event { return channel } else { return nil }
        }
        #expect(channels == [one, two, two])
    }

    @Test func velocityFollowsGainAndCeiling() async throws {
        let (player, port) = makePlayer(ceiling: OutputCeiling(velocity: 80, channelVolume: 100))
        try await player.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: AmplitudeDB(-6))
        try await player.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: AmplitudeDB(3))
        let velocities = await port.delivered.compactMap { event -> UInt8? in
            if case .noteOn(_, _, let velocity) = event { return velocity } else { return nil }
        }
        #expect(velocities == [71, 80])
    }

    @Test func presentedFrequencyIsTheTuningsAnswer() {
        let (player, _) = makePlayer(profile: .fluidSynth2)
        let asked = Frequency(442)
        #expect(player.presentedFrequency(for: asked) == player.tuning.presentedFrequency(for: asked))
        #expect(player.presentedFrequency(for: asked) != asked, "FluidSynth presents whole cents only")
    }

    @Test func cancellingAFixedNoteSilencesIt() async throws {
        let (player, port) = makePlayer()
        await port.setHoldScheduled(true)
        let task = Task { try await player.play(frequency: Frequency(440), duration: .seconds(5), velocity: velocity, amplitudeDB: .unchanged) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let delivered = await port.delivered
        #expect(SynthState(delivered).soundingKeys.isEmpty)
        #expect(SynthState(delivered).allBendsCentred)
        #expect(delivered.suffix(4) == [.noteOff(channel: one, note: a4, velocity: 64)] + SynthSetup.silence([one]))
        #expect(await port.log.contains(.cancelScheduled), "the stale queued note-off is dropped")
    }

    @Test func aFailedSendStillTriesToSilenceAndRethrows() async throws {
        let (player, port) = makePlayer()
        await port.setFailNextSend()
        await #expect(throws: RecordingOutputPort.Failure.self) {
            try await player.play(frequency: Frequency(440), duration: .seconds(1), velocity: velocity, amplitudeDB: .unchanged)
        }
        #expect(await port.delivered == [.noteOff(channel: one, note: a4, velocity: 64)] + SynthSetup.silence([one]))
    }

    @Test func adjustWithinTheRangeOnlyBends() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        await port.clear()
        try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(150)))
        #expect(await port.log == [.now([.pitchBend(channel: one, bend: PitchBend(6144)!)])])
        try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(150)))
        #expect(await port.log.count == 1, "an unchanged bend is not resent")
    }

    @Test func leavingTheRangeRetriggersOnTheNearestKeyBendFirstOldKeyLast() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        await port.clear()
        try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(-230)))
        let g4 = MIDINote(67)!
        let bend = player.tuning.bend(for: Cents(-30))!
        #expect(await port.log == [.now([.pitchBend(channel: one, bend: bend), .noteOn(channel: one, note: g4, velocity: 100),
                                         .noteOff(channel: one, note: a4, velocity: 64)])])
        #expect(SynthState(await port.delivered).soundingKeys == ["\(one.rawValue):\(g4.rawValue)"], "only the new key sounds")
        // Further small moves bend the new key.
        try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(-180)))
        #expect(await port.log.last == .now([.pitchBend(channel: one, bend: player.tuning.bend(for: Cents(20))!)]))
    }

    @Test func aFloodOfAdjustmentsCoalescesToTheNewest() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        await port.clear()
        await port.holdNextSend()
        let first = Task { try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(1))) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        for step in 2...300 {
            try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(Double(step) / 2)))
        }
        #expect(await port.log.count == 1, "nothing queues behind the send in flight")
        await port.releaseHeld()
        try await first.value
        let bends = await port.log
        #expect(bends == [.now([.pitchBend(channel: one, bend: player.tuning.bend(for: Cents(1))!)]),
                          .now([.pitchBend(channel: one, bend: player.tuning.bend(for: Cents(150))!)])])
    }

    @Test func stopAllLeavesNothingOn() async throws {
        let (player, port) = makePlayer()
        await port.setHoldScheduled(true)
        let fixed = Task { try await player.play(frequency: Frequency(330), duration: .seconds(5), velocity: velocity, amplitudeDB: .unchanged) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        let held = try await player.play(frequency: Frequency(440).shifted(by: Cents(30)), velocity: velocity, amplitudeDB: .unchanged)
        try await held.adjustFrequency(Frequency(523)) // retriggered onto another key
        try await player.stopAll()
        _ = try? await fixed.value
        let delivered = await port.delivered
        #expect(SynthState(delivered).soundingKeys.isEmpty)
        #expect(SynthState(delivered).allBendsCentred)
        #expect(delivered.suffix(6) == SynthSetup.silence([one, two]))
        #expect(await port.log.contains(.cancelScheduled))
        try await held.stop() // idempotent after stopAll: sends nothing
        #expect(await port.delivered == delivered)
    }

    @Test func handleStopSilencesItsChannelOnce() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        try await handle.stop()
        try await handle.stop()
        let delivered = await port.delivered
        #expect(delivered.suffix(4) == [.noteOff(channel: one, note: a4, velocity: 64)] + SynthSetup.silence([one]))
        #expect(delivered.count == 6)
        #expect(SynthState(delivered).soundingKeys.isEmpty)
        try await handle.adjustFrequency(Frequency(500))
        #expect(await port.delivered.count == 6, "a stopped handle sends nothing")
    }

    @Test func aStopOvertakingARetriggerIsRepaired() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: Frequency(440), velocity: velocity, amplitudeDB: .unchanged)
        await port.holdNextSend()
        let adjusting = Task { try await handle.adjustFrequency(Frequency(440).shifted(by: Cents(400))) } // C#5: a retrigger
        #expect(await yieldUntil { await port.inFlight == 1 })
        try await handle.stop() // overtakes: its note-offs reach the synth before the retrigger burst
        await port.releaseHeld()
        try await adjusting.value
        #expect(await port.delivered.last == .noteOff(channel: one, note: MIDINote(73)!, velocity: 64))
        #expect(SynthState(await port.delivered).soundingKeys.isEmpty)
    }
}
