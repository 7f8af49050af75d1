import PeachALSA
import PeachCore
import PeachMIDI
import Testing


extension RealSequencerTests {
    /// Peach's client sends to a capture client on the real kernel sequencer; the capture port stamps
    /// each event with the kernel's delivery time.
    @Suite struct OutputStreamTests {
        @Test func deliversTheExactStreamAndTimesANoteOffOnTheQueue() async throws {
            let (peach, capture) = try await makePeachWithCapture()
            let bend = MIDIEvent.pitchBend(channel: channel1, bend: PitchBend(2048)!)
            let noteOn = MIDIEvent.noteOn(channel: channel1, note: .a4, velocity: 100)
            let noteOff = MIDIEvent.noteOff(channel: channel1, note: .a4, velocity: 0)
            let stop: [MIDIEvent] = [.controlChange(channel: channel1, controller: 123, value: 0),
                                     .controlChange(channel: channel1, controller: 120, value: 0),
                                     .pitchBend(channel: channel1, bend: .center)]

            let clock = ContinuousClock()
            let started = clock.now
            try await peach.send(bendRangeRPN(channel1, semitones: 2) + [bend, noteOn], then: [noteOff], after: .seconds(1))
            let returnedAfter = clock.now - started
            try await peach.send(stop)

            let received = capture.receive()
            #expect(received.map(\.event) == bendRangeRPN(channel1, semitones: 2) + [bend, noteOn, noteOff] + stop)
            #expect(received.allSatisfy { $0.source == peach.outputAddress })
            #expect(notesLeftOn(received.map(\.event)).isEmpty)
            let on = try #require(received.first { $0.event == noteOn })
            let off = try #require(received.first { $0.event == noteOff })
            let errorMilliseconds = (Double(off.time) - Double(on.time)) / 1e6 - 1000
            print("note-off of a 1 s note: \(String(format: "%+.3f", errorMilliseconds)) ms from nominal (kernel delivery stamps); "
                + "send(_:then:after:) returned after \(String(format: "%.1f", milliseconds(returnedAfter))) ms")
            #expect(abs(errorMilliseconds) <= 5, "note-off \(errorMilliseconds) ms off")
            #expect(returnedAfter >= .milliseconds(995), "returned before the note-off was delivered")
            #expect(returnedAfter < .milliseconds(1500))
        }

        @Test func cancelScheduledDropsThePendingNoteOffAndReleasesTheCaller() async throws {
            let (peach, capture) = try await makePeachWithCapture()
            let noteOn = MIDIEvent.noteOn(channel: channel2, note: .a4, velocity: 90)
            let noteOff = MIDIEvent.noteOff(channel: channel2, note: .a4, velocity: 0)
            let clock = ContinuousClock()
            let started = clock.now
            let playing = Task { try await peach.send([noteOn], then: [noteOff], after: .seconds(2)) }
            try await Task.sleep(for: .milliseconds(200))
            try await peach.cancelScheduled()
            try await playing.value
            let released = clock.now - started
            let silence = MIDIEvent.controlChange(channel: channel2, controller: 123, value: 0)
            try await peach.send([silence])
            try await Task.sleep(until: started + .milliseconds(2300))

            let received = capture.receive()
            #expect(received.map(\.event) == [noteOn, silence], "the stale note-off must not follow the stop")
            #expect(released < .milliseconds(1000), "the waiting caller was released after \(released)")
        }

        @Test func cancellingTheCallerReturnsEarly() async throws {
            let (peach, _) = try await makePeachWithCapture()
            let clock = ContinuousClock()
            let started = clock.now
            let playing = Task {
                try await peach.send([.noteOn(channel: channel1, note: .a4, velocity: 80)],
                                     then: [.noteOff(channel: channel1, note: .a4, velocity: 0)], after: .seconds(3))
            }
            try await Task.sleep(for: .milliseconds(100))
            playing.cancel()
            await #expect(throws: CancellationError.self) { try await playing.value }
            #expect(clock.now - started < .seconds(1))
            try await peach.cancelScheduled()
        }

        @Test func closingReleasesAWaitingCallerWithAnError() async throws {
            let (peach, _) = try await makePeachWithCapture()
            let playing = Task {
                try await peach.send([], then: [.noteOff(channel: channel1, note: .a4, velocity: 0)], after: .seconds(3))
            }
            try await Task.sleep(for: .milliseconds(100))
            peach.close()
            await #expect(throws: SequencerError.closed) { try await playing.value }
            await #expect(throws: SequencerError.closed) { try await peach.send([]) }
        }
    }
}
