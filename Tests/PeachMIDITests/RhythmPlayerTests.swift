import Testing
import PeachCore
@testable import PeachMIDI

private let drums = MIDIChannel(9)!
private let start = QueueInstant(nanoseconds: 5_000_000_000)
private let fluid = makePort(client: 128, clientName: "FLUID Synth (1234)")

private func ms(_ value: Int64) -> QueueInstant { start + .milliseconds(value) }

/// Four sixteenths at 120 BPM (125 ms apart), the first accented.
private let bar = (0..<4).map { RhythmClick(time: ms(Int64($0) * 125), accent: $0 == 0) }

private func makeService(_ port: RecordingOutputPort, ceiling: OutputCeiling = .default,
                         rhythm: RhythmSound = .percussion, echoes: RecordingOutputPort? = nil) -> MIDIOutputService {
    MIDIOutputService(port: port, directory: FakeDirectory(ports: [fluid]), ownOutput: SequencerAddress(client: 130, port: 0),
                      clock: VirtualClock(), configuration: MidiNotePlayerConfiguration(profile: .generalMIDI, ceiling: ceiling),
                      echoes: echoes, rhythm: rhythm)
}

private func echoes(in log: [RecordingOutputPort.Entry]) -> [TapEcho?] {
    log.compactMap { if case .echo(let echo) = $0 { echo } else { nil } }
}

private func noteOns(_ events: [MIDIEvent]) -> [MIDIEvent] {
    events.filter { if case .noteOn = $0 { true } else { false } }
}

@Suite struct RhythmPlayerTests {
    @Test func everyClickIsQueuedAtItsAbsoluteTimeWithItsNoteOff() async throws {
        let port = RecordingOutputPort()
        let player = MidiRhythmPlayer(port: port)
        try await player.schedule(bar)
        let sound = RhythmSound.percussion
        var expected: [TimedMIDIEvent] = []
        for click in bar {
            let stroke = click.accent ? sound.accent : sound.click
            expected.append(TimedMIDIEvent(.noteOn(channel: drums, note: stroke.note, velocity: stroke.velocity), at: click.time))
            expected.append(TimedMIDIEvent(.noteOff(channel: drums, note: stroke.note, velocity: 0), at: click.time + .milliseconds(50)))
        }
        // One call: the whole pattern is in the queue before the first click is due; nothing was sent at once.
        #expect(await port.log == [.timed(expected)])
        #expect(await port.delivered.isEmpty)
        // The queue plays it: at 130 ms the first two clicks and the first note-off have sounded.
        await port.advanceQueue(to: ms(130))
        #expect(await port.delivered == [expected[0].event, expected[1].event, expected[2].event])
    }

    @Test func theAccentedStepUsesTheAccentSoundAndTheOthersTheClick() async throws {
        let port = RecordingOutputPort()
        try await MidiRhythmPlayer(port: port).schedule(bar)
        await port.advanceQueue(to: ms(1000))
        let ons = noteOns(await port.delivered)
        #expect(ons == [.noteOn(channel: drums, note: MIDINote(76)!, velocity: 110)]
                + Array(repeating: .noteOn(channel: drums, note: MIDINote(77)!, velocity: 80), count: 3))
    }

    @Test func aClickCloserThanTheNoteLengthEndsThePreviousNoteFirst() {
        var sound = RhythmSound.percussion
        sound.length = .milliseconds(200)
        let events = sound.events(for: [RhythmClick(time: ms(100)), RhythmClick(time: ms(0), accent: true)])
        #expect(events.map(\.time) == [ms(0), ms(100), ms(100), ms(300)], "sorted, the first note-off at the second click")
        #expect(events[1].event == .noteOff(channel: drums, note: MIDINote(76)!, velocity: 0))
        #expect(events[2].event == .noteOn(channel: drums, note: MIDINote(77)!, velocity: 80), "queued after the note-off")
    }

    @Test func theServiceCeilingAppliesToScheduledClicks() async throws {
        let port = RecordingOutputPort()
        let service = makeService(port, ceiling: OutputCeiling(velocity: 90, channelVolume: 100))
        try await service.connect(to: fluid)
        try await service.rhythmPlayer.schedule(bar)
        try await service.rhythmPlayer.playTapSound()
        await port.advanceQueue(to: ms(1000))
        let velocities = noteOns(await port.delivered).compactMap { if case .noteOn(_, _, let v) = $0 { v } else { nil } }
        #expect(velocities == [70, 90, 80, 80, 80], "the tap at once, then the pattern: the accent (110) held to the ceiling")
    }

    @Test func cancelRemovesWhatIsQueuedEndsTheWaitAndSilencesTheRhythm() async throws {
        let port = RecordingOutputPort()
        let player = MidiRhythmPlayer(port: port)
        try await player.schedule(bar)
        await port.advanceQueue(to: ms(130))
        let waiting = Task { try await player.waitUntil(ms(375)) }
        #expect(await yieldUntil { await port.waiting == 1 })
        try await player.cancelScheduled()
        try await waiting.value  // ended by the cancel, long before the queue reaches 375 ms
        #expect(await port.queueTime == ms(130))
        #expect(await port.pendingTimed.isEmpty)
        let before = await port.delivered
        await port.advanceQueue(to: ms(2000))
        #expect(await port.delivered == before, "nothing of the pattern after the cancel")
        #expect(SynthState(before).soundingKeys.isEmpty)
        let silence = RhythmSound.percussion.noteOffs + SynthSetup.silence([drums])
        #expect(Array(before.suffix(silence.count)) == silence)
        #expect(await port.log.contains(.cancelTimed))
        #expect(await !port.log.contains(.cancelScheduled), "a note's queued note-off is left alone")
    }

    @Test func aWaitThatBeginsAfterTheCancelOfItsPatternReturnsAtOnce() async throws {
        let port = RecordingOutputPort()
        let player = MidiRhythmPlayer(port: port)
        try await player.schedule(bar)
        try await player.cancelScheduled()
        try await player.waitUntil(ms(375))  // the stop overtook the session's wait: it must not hang
        // Something new is scheduled: waits are waits again.
        try await player.schedule([RhythmClick(time: ms(500))])
        let waiting = Task { try await player.waitUntil(ms(375)) }
        #expect(await yieldUntil { await port.waiting == 1 })
        await port.advanceQueue(to: ms(400))
        try await waiting.value
    }

    @Test func waitUntilReturnsOnceTheQueueReachesTheInstant() async throws {
        let port = RecordingOutputPort()
        let player = MidiRhythmPlayer(port: port)
        try await player.schedule(bar)
        let waiting = Task { try await player.waitUntil(ms(375)) }
        await port.advanceQueue(to: ms(200))
        await Task.yield()
        await port.advanceQueue(to: ms(375))
        try await waiting.value
        #expect(try await player.queueNow() == ms(375))
    }

    @Test func theTapSoundPlaysAtOnceAndEndsOnTheQueue() async throws {
        let port = RecordingOutputPort()
        await port.advanceQueue(to: start)
        try await MidiRhythmPlayer(port: port).playTapSound()
        let tap = RhythmSound.percussion.tap
        #expect(await port.log == [.now([.noteOn(channel: drums, note: tap.note, velocity: tap.velocity)]),
                                   .timed([TimedMIDIEvent(.noteOff(channel: drums, note: tap.note, velocity: 0), at: ms(50))])])
        #expect(tap.note != RhythmSound.percussion.click.note && tap.note != RhythmSound.percussion.accent.note)
    }

    /// The echo the sequencer thread plays for each MIDI tap: the tap stroke under the service's ceiling, admitted like a
    /// click, and gone after the rhythm's cancel and after every stop of the service.
    @Test func theTapEchoIsTheCappedTapStrokeAndEveryStopRemovesIt() async throws {
        let port = RecordingOutputPort(), sequencer = RecordingOutputPort()
        let service = makeService(port, ceiling: OutputCeiling(velocity: 50, channelVolume: 100), echoes: sequencer)
        try await service.connect(to: fluid)
        let player = service.rhythmPlayer
        #expect(try await player.echoMIDITaps(true))
        let installed = try #require(echoes(in: await sequencer.log).first ?? nil)
        #expect(installed.noteOn == .noteOn(channel: drums, note: MIDINote(37)!, velocity: 50), "70 capped at 50")
        #expect(installed.noteOff == .noteOff(channel: drums, note: MIDINote(37)!, velocity: 0))
        #expect(installed.length == .milliseconds(50))
        try await player.cancelScheduled()
        #expect(echoes(in: await sequencer.log).last == .some(nil), "the rhythm's cancel removes it")
        #expect(try await player.echoMIDITaps(true))
        await service.pause(.interruption)
        #expect(echoes(in: await sequencer.log).last == .some(nil), "a pause removes it")
        await #expect(throws: MIDIOutputServiceError.self, "refused while paused") { try await player.echoMIDITaps(true) }
        #expect(echoes(in: await sequencer.log).last == .some(nil))
        #expect(try await MidiRhythmPlayer(port: port).echoMIDITaps(true) == false, "nowhere to echo: the caller sounds taps")
    }

    @Test func thePitchedFallbackPlaysOnAMelodicChannelWithItsProgram() async throws {
        let port = RecordingOutputPort()
        let service = makeService(port, rhythm: .pitched)
        try await service.connect(to: fluid)
        let channel = MIDIChannel(2)!
        #expect(await port.delivered.contains(.programChange(channel: channel, program: 115)), "GM Woodblock selected at connect")
        #expect(await port.delivered.contains(.controlChange(channel: channel, controller: 7, value: 100)), "the rhythm channel's volume")
        await port.clear()
        try await service.rhythmPlayer.schedule(bar)
        await port.advanceQueue(to: ms(1000))
        let delivered = await port.delivered
        #expect(noteOns(delivered) == [.noteOn(channel: channel, note: MIDINote(84)!, velocity: 110)]
                + Array(repeating: .noteOn(channel: channel, note: MIDINote(79)!, velocity: 80), count: 3))
        #expect(SynthState(delivered).soundingKeys.isEmpty, "every pitched click has its note-off")
    }

    @Test func aPitchedRhythmNeverSharesANoteChannel() {
        let taken = [MIDIChannel(0)!, MIDIChannel(2)!]
        #expect(RhythmSound.pitched.avoiding(taken).channel == MIDIChannel(1)!)
        #expect(RhythmSound.percussion.avoiding([drums]).channel == drums, "GM drums stay on channel 10")
    }

    @Test func clicksAreRefusedWhilePausedAndAStopSilencesTheRhythm() async throws {
        let port = RecordingOutputPort()
        let service = makeService(port)
        await #expect(throws: MIDIOutputServiceError.notConnected) { try await service.rhythmPlayer.schedule(bar) }
        try await service.connect(to: fluid)
        await service.pause(.quietBreak)
        await #expect(throws: MIDIOutputServiceError.paused(.quietBreak)) { try await service.rhythmPlayer.schedule(bar) }
        await #expect(throws: MIDIOutputServiceError.paused(.quietBreak)) { try await service.rhythmPlayer.playTapSound() }
        try await service.resume()
        try await service.rhythmPlayer.schedule(bar)
        await port.advanceQueue(to: ms(10))
        let waiting = Task { try await service.rhythmPlayer.waitUntil(ms(375)) }
        #expect(await yieldUntil { await port.waiting == 1 })
        await service.stop(fadeOut: .milliseconds(100))
        try await waiting.value
        let delivered = await port.delivered
        // The fade ramps the drum channel's expression with the note channels', then the stop drops the queue.
        #expect(delivered.contains(.controlChange(channel: drums, controller: MIDIController.expression, value: 0)))
        #expect(await port.pendingTimed.isEmpty)
        #expect(SynthState(delivered).soundingKeys.isEmpty)
        #expect(delivered.contains(.controlChange(channel: drums, controller: MIDIController.allSoundOff, value: 0)))
    }
}
