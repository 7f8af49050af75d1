import Synchronization
import Testing
import PeachCore
@testable import PeachMIDI

private let one = MIDIChannel(0)!, two = MIDIChannel(1)!
private func key(_ channel: MIDIChannel, _ note: Int) -> SoundingKey { SoundingKey(channel: channel, note: MIDINote(note)!) }
private func on(_ key: SoundingKey) -> MIDIEvent { .noteOn(channel: key.channel, note: key.note, velocity: 100) }

/// Every list a tracker reported, in order.
private final class Reports: Sendable {
    private let lists = Mutex<[[SoundingKey]]>([])
    func append(_ keys: [SoundingKey]) { lists.withLock { $0.append(keys) } }
    var all: [[SoundingKey]] { lists.withLock { $0 } }
    /// The keys sounding now: the last list reported (none before the first).
    var latest: [SoundingKey] { all.last ?? [] }
}

/// A tracker over the recording port, and every list it reported.
private func makeTracker() -> (SoundingNoteTracker<RecordingOutputPort>, RecordingOutputPort, Reports) {
    let port = RecordingOutputPort()
    let reports = Reports()
    let tracker = SoundingNoteTracker(port) { keys in reports.append(keys) }
    return (tracker, port, reports)
}

@Suite struct SoundingNoteTrackerTests {
    @Test func timedClicksStayListedUntilTheQueueHasPassedTheirNoteOffs() async throws {
        let (tracker, port, reports) = makeTracker()
        let start = QueueInstant(nanoseconds: 1_000_000_000)
        let bar = (0..<4).map { RhythmClick(time: start + .milliseconds(125 * $0), accent: $0 == 0) }
        try await tracker.schedule(RhythmSound.percussion.events(for: bar))
        let drums = MIDIChannel(9)!
        let accent = key(drums, 76), click = key(drums, 77)
        #expect(reports.latest == [accent, click], "listed before they can sound")
        await port.advanceQueue(to: start + .milliseconds(200))
        try await tracker.waitUntil(start + .milliseconds(200))
        #expect(reports.latest == [click], "the accent is over; the click sounds again at 250 ms")
        await port.advanceQueue(to: start + .milliseconds(1000))
        try await tracker.waitUntil(start + .milliseconds(1000))
        #expect(reports.latest.isEmpty)
        #expect(reports.all.last == [])
    }

    @Test func aCancelledRhythmStaysListedUntilTheStopsSilence() async throws {
        let (tracker, port, reports) = makeTracker()
        let start = QueueInstant(nanoseconds: 1_000_000_000)
        try await tracker.schedule(RhythmSound.percussion.events(for: [RhythmClick(time: start, accent: true)]))
        await port.advanceQueue(to: start)
        let waiting = Task { try await tracker.waitUntil(start + .milliseconds(500)) }
        #expect(await yieldUntil { await port.waiting == 1 })
        try await tracker.cancelTimed()
        try await waiting.value
        #expect(reports.latest == [key(MIDIChannel(9)!, 76)], "its note-off was dropped, not delivered")
        try await tracker.send(SynthSetup.silence([MIDIChannel(9)!]))
        #expect(reports.latest.isEmpty)
    }

    @Test func anInstalledTapEchoIsListedUntilTheRhythmsChannelIsSilenced() async throws {
        let (tracker, port, reports) = makeTracker()
        let echoes = TrackedTapEchoes(port, listingIn: tracker)
        let echo = TapEcho(.percussion, ceiling: .default)
        try await echoes.installTapEcho(echo)
        let drums = MIDIChannel(9)!
        guard case .noteOn(_, let note, _) = echo.noteOn else { Issue.record("an echo starts with a note-on"); return }
        #expect(reports.latest == [SoundingKey(channel: drums, note: note)], "listed before a tap can sound it")
        #expect(await port.log == [.echo(echo)], "installed on the sequencer's port, not sent")
        try await echoes.installTapEcho(nil)
        #expect(reports.latest == [SoundingKey(channel: drums, note: note)], "the last echo may still sound")
        try await tracker.send(SynthSetup.silence([drums]))
        #expect(reports.latest.isEmpty)
    }

    @Test func aKeyIsListedBeforeItsNoteOnLeaves() async throws {
        let (tracker, port, reports) = makeTracker()
        await port.holdNextSend()
        let sending = Task { try await tracker.send([.pitchBend(channel: one, bend: .center), on(key(one, 60))]) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        #expect(reports.latest == [key(one, 60)])
        #expect(reports.all == [[key(one, 60)]])
        await port.releaseHeld()
        try await sending.value
        #expect(reports.latest == [key(one, 60)])
    }

    @Test func aQueuedNoteOffRemovesTheKeyOnlyOnceDelivered() async throws {
        let (tracker, port, reports) = makeTracker()
        await port.setHoldScheduled(true)
        let playing = Task { try await tracker.send([on(key(one, 60))], then: [key(one, 60).noteOff], after: .seconds(3)) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        #expect(reports.latest == [key(one, 60)])
        await port.releaseScheduled()
        try await playing.value
        #expect(reports.latest.isEmpty)
        #expect(reports.all == [[key(one, 60)], []])
    }

    @Test func aCancelledNoteOffLeavesTheKeyUntilTheStopSwitchesItOff() async throws {
        let (tracker, port, reports) = makeTracker()
        await port.setHoldScheduled(true)
        let playing = Task { try await tracker.send([on(key(one, 60))], then: [key(one, 60).noteOff], after: .seconds(3)) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        try await tracker.cancelScheduled()
        try await playing.value
        // The queued note-off was dropped undelivered: the key still sounds.
        #expect(reports.latest == [key(one, 60)])
        try await tracker.send([key(one, 60).noteOff])
        #expect(reports.latest.isEmpty)
    }

    @Test func aSendReturningAfterTheStopDoesNotListItsKeyAgain() async throws {
        let (tracker, port, reports) = makeTracker()
        await port.holdNextSend()
        let starting = Task { try await tracker.send([on(key(one, 60))]) }
        #expect(await yieldUntil { await port.inFlight == 1 })
        try await tracker.send([key(one, 60).noteOff] + SynthSetup.silence([one]))
        await port.releaseHeld()
        try await starting.value
        #expect(reports.latest.isEmpty)
    }

    @Test func allNotesOffAndAllSoundOffClearTheirChannelOnly() async throws {
        let (tracker, _, reports) = makeTracker()
        try await tracker.send([on(key(one, 60)), on(key(one, 64)), on(key(two, 67))])
        try await tracker.send([.controlChange(channel: one, controller: MIDIController.allNotesOff, value: 0)])
        #expect(reports.latest == [key(two, 67)])
        try await tracker.send([.controlChange(channel: two, controller: MIDIController.allSoundOff, value: 0)])
        #expect(reports.latest.isEmpty)
    }

    @Test func aNoteOffThatFailedToLeaveKeepsItsKey() async throws {
        let (tracker, port, reports) = makeTracker()
        try await tracker.send([on(key(one, 60))])
        await port.setFailNextSend()
        await #expect(throws: RecordingOutputPort.Failure.self) { try await tracker.send([key(one, 60).noteOff]) }
        #expect(reports.latest == [key(one, 60)])
    }

    @Test func aBurstThatRestartsAKeyKeepsIt() async throws {
        let (tracker, _, reports) = makeTracker()
        try await tracker.send([on(key(one, 60))])
        // Retrigger: the new key starts, the old one stops, in one burst.
        try await tracker.send([.pitchBend(channel: one, bend: .center), on(key(one, 62)), key(one, 60).noteOff])
        #expect(reports.latest == [key(one, 62)])
        try await tracker.send([key(one, 62).noteOff, on(key(one, 62))])
        #expect(reports.latest == [key(one, 62)])
        try await tracker.send([.noteOn(channel: one, note: MIDINote(62)!, velocity: 0)])
        #expect(reports.latest.isEmpty)
    }

    /// Under the real player, through a held note retriggered across the bend range and a stop, the
    /// list always holds every key the synth has down.
    @Test func underThePlayerTheListCoversEveryKeyTheSynthHasDown() async throws {
        let (tracker, port, reports) = makeTracker()
        let player = MidiNotePlayer(port: tracker, configuration: MidiNotePlayerConfiguration())
        func covered() async -> Bool {
            let down = SynthState(await port.delivered).soundingKeys
            return down.isSubset(of: Set(reports.latest.map { "\($0.channel.rawValue):\($0.note.rawValue)" }))
        }
        let held = try await player.play(frequency: Frequency(440), velocity: MIDIVelocity(100)!, amplitudeDB: .unchanged)
        #expect(await covered() && reports.latest.count == 1)
        for cents in [150.0, 420.0, -380.0] {
            try await held.adjustFrequency(Frequency(440).shifted(by: Cents(cents)))
            #expect(await covered())
            #expect(reports.latest.count == 1, "\(reports.latest)")
        }
        try await player.stopAll()
        #expect(reports.latest.isEmpty)
        #expect(SynthState(await port.delivered).soundingKeys.isEmpty)
    }
}
