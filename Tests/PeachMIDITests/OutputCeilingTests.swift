import Testing
import PeachCore
@testable import PeachMIDI

/// Records what reaches the sequencer.
private actor RecordingOutput: MIDIOutputPort {
    var sent: [MIDIEvent] = []
    func send(_ events: [MIDIEvent]) async throws { sent += events }
    func send(_ now: [MIDIEvent], then later: [MIDIEvent], after delay: Duration) async throws { sent += now + later }
    func cancelScheduled() async throws {}
    func queueNow() async throws -> QueueInstant { QueueInstant(nanoseconds: 0) }
    func queueWakeUps() async throws -> QueueWakeUps { .exact }
    func schedule(_ events: [TimedMIDIEvent]) async throws { sent += events.map(\.event) }
    func waitUntil(_ instant: QueueInstant) async throws {}
    func cancelTimed() async throws {}
}

@Suite struct OutputCeilingTests {
    let channel = MIDIChannel(0)!
    let note = MIDINote(69)!

    @Test func clampsLoudNotesAndVolumeButNothingElse() {
        let ceiling = OutputCeiling(velocity: 100, channelVolume: 90)
        #expect(ceiling.enforce(.noteOn(channel: channel, note: note, velocity: 127)) == .noteOn(channel: channel, note: note, velocity: 100))
        #expect(ceiling.enforce(.noteOn(channel: channel, note: note, velocity: 64)) == .noteOn(channel: channel, note: note, velocity: 64))
        #expect(ceiling.enforce(.controlChange(channel: channel, controller: 7, value: 127)) == .controlChange(channel: channel, controller: 7, value: 90))
        #expect(ceiling.enforce(.controlChange(channel: channel, controller: 11, value: 120)) == .controlChange(channel: channel, controller: 11, value: 90))
        // Other controllers (RPN data, All Notes Off) pass untouched.
        #expect(ceiling.enforce(.controlChange(channel: channel, controller: 6, value: 127)) == .controlChange(channel: channel, controller: 6, value: 127))
        #expect(ceiling.enforce(.noteOff(channel: channel, note: note, velocity: 127)) == .noteOff(channel: channel, note: note, velocity: 127))
    }

    @Test func userVolumeMapsBelowTheCeiling() {
        let ceiling = OutputCeiling(velocity: 100, channelVolume: 80)
        #expect(ceiling.channelVolume(forPercent: 0) == 0)
        #expect(ceiling.channelVolume(forPercent: 50) == 40)
        #expect(ceiling.channelVolume(forPercent: 100) == 80)
        #expect(ceiling.channelVolume(forPercent: 250) == 80)
        #expect(ceiling.channelVolume(forPercent: -5) == 0)
    }

    @Test func ceilingValuesAreClampedToMIDI() {
        #expect(OutputCeiling(velocity: 500, channelVolume: -3) == OutputCeiling(velocity: 127, channelVolume: 1))
    }

    /// Property: over random ceilings and random event streams through every send path,
    /// no note-on velocity and no CC7/CC11 value that reaches the sequencer exceeds the ceiling.
    @Test func noPathExceedsTheCeiling() async throws {
        var random = SplitMix64(seed: 0xC0FFEE)
        for _ in 0..<200 {
            let ceiling = OutputCeiling(velocity: Int.random(in: 1...127, using: &random),
                                        channelVolume: Int.random(in: 1...127, using: &random))
            let recorder = RecordingOutput()
            let port = CeilingEnforcingOutputPort(recorder, ceiling: ceiling)
            func randomEvents() -> [MIDIEvent] {
                (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    let channel = MIDIChannel(Int.random(in: 0...15, using: &random))!
                    let value = UInt8.random(in: 0...127, using: &random)
                    switch Int.random(in: 0...3, using: &random) {
                    case 0: return .noteOn(channel: channel, note: MIDINote(Int.random(in: 0...127, using: &random))!, velocity: max(value, 1))
                    case 1: return .controlChange(channel: channel, controller: [7, 11, 1, 64].randomElement(using: &random)!, value: value)
                    case 2: return .pitchBend(channel: channel, bend: PitchBend(clamping: Int.random(in: -8192...8191, using: &random)))
                    default: return .noteOff(channel: channel, note: MIDINote(60)!, velocity: value)
                    }
                }
            }
            try await port.send(randomEvents())
            try await port.send(randomEvents(), then: randomEvents(), after: .milliseconds(1))
            try await port.schedule(randomEvents().enumerated().map { TimedMIDIEvent($1, at: QueueInstant(nanoseconds: Int64($0))) })
            for event in await recorder.sent {
                switch event {
                case .noteOn(_, _, let velocity): #expect(velocity <= ceiling.velocity)
                case .controlChange(_, 7, let value), .controlChange(_, 11, let value): #expect(value <= ceiling.channelVolume)
                default: break
                }
            }
        }
    }
}

@Suite struct FadeRampTests {
    @Test func atLeastTwentyStepsPerSecondEndingExactlyOnTarget() {
        let ramp = FadeRamp(from: 100, to: 0, duration: .milliseconds(500), stepsPerSecond: 20)
        #expect(ramp.steps.count == 10)
        #expect(ramp.steps.last == .init(offset: .milliseconds(500), value: 0))
        #expect(ramp.steps.first?.value == 90)
        let slow = FadeRamp(from: 0, to: 100, duration: .seconds(1), stepsPerSecond: 5)
        #expect(slow.steps.count == 20, "the rate is raised to the 20 steps/s minimum")
    }

    @Test func monotonicAndEvenlySpaced() {
        let ramp = FadeRamp(from: 127, to: 0, duration: .seconds(2))
        #expect(ramp.steps.count == 100)
        for (a, b) in zip(ramp.steps, ramp.steps.dropFirst()) {
            #expect(b.value <= a.value)
            #expect(b.offset - a.offset == .milliseconds(20))
        }
    }

    @Test func durationIsClampedToTheAllowedRange() {
        #expect(FadeRamp(from: 0, to: 100, duration: .seconds(9)).duration == .seconds(2))
        #expect(FadeRamp(from: 0, to: 100, duration: .milliseconds(10)).duration == .milliseconds(100))
    }

    @Test func eventsOnEveryChannel() {
        let channels = [MIDIChannel(0)!, MIDIChannel(1)!]
        let events = FadeRamp(from: 100, to: 0, duration: .milliseconds(100), stepsPerSecond: 20).events(on: channels)
        #expect(events.count == 2)
        #expect(events[1].events == channels.map { .controlChange(channel: $0, controller: 11, value: 0) })
    }
}
