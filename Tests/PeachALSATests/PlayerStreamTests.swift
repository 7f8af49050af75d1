import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// PeachMIDI's MidiNotePlayer over PeachALSA, captured on the real sequencer: the exact stream
    /// the synth receives.
    @Suite struct PlayerStreamTests {
        static let velocity = MIDIVelocity.defaultTraining

        @Test func setupFixedNoteAndStopReachTheSynthExactlyAndOnTime() async throws {
            let (peach, capture) = try await makePeachWithCapture()
            let configuration = MidiNotePlayerConfiguration()
            let player = MidiNotePlayer(port: peach, configuration: configuration)
            try await player.configure()

            let frequency = Frequency(440).shifted(by: Cents(30))
            let placed = configuration.tuning.placement(of: frequency)
            let channel = configuration.channels[0]
            let velocity = VelocityCurve.velocity(Self.velocity, gain: .unchanged, ceiling: configuration.ceiling)
            try await player.play(frequency: frequency, duration: .seconds(1), velocity: Self.velocity, amplitudeDB: .unchanged)

            let held = try await player.play(frequency: Frequency(440), velocity: Self.velocity, amplitudeDB: .unchanged)
            try await held.adjustFrequency(Frequency(440).shifted(by: Cents(-20)))
            try await player.stopAll()

            let received = capture.receive()
            let events = received.map(\.event)
            let start = configuration.setupEvents.count
            try #require(events.count >= start + 3, "received \(events)")
            // Setup (instrument, RPN 0 with the RPN null at the end, bend centred) comes first, byte for byte.
            #expect(Array(events.prefix(start)) == configuration.setupEvents)
            #expect(events.prefix(start).contains(.controlChange(channel: channel, controller: 101, value: 127)))
            // Bend before note-on, then the queued note-off.
            #expect(Array(events[start..<start + 3]) == [.pitchBend(channel: channel, bend: placed.bend),
                                                          .noteOn(channel: channel, note: placed.note, velocity: velocity),
                                                          .noteOff(channel: channel, note: placed.note, velocity: 64)])
            let offError = (Double(received[start + 2].time) - Double(received[start + 1].time)) / 1e6 - 1000
            print("player: note-off of a 1 s note \(String(format: "%+.3f", offError)) ms from nominal")
            #expect(abs(offError) <= 5)
            // After stopAll: CC123 and CC120 on every channel Peach uses, bend centred, nothing left on.
            for used in configuration.channels {
                let tail = events.drop { $0 != .controlChange(channel: used, controller: 123, value: 0) }
                #expect(Array(tail.prefix(3)) == [.controlChange(channel: used, controller: 123, value: 0),
                                                  .controlChange(channel: used, controller: 120, value: 0),
                                                  .pitchBend(channel: used, bend: .center)])
            }
            #expect(notesLeftOn(events).isEmpty)
            #expect(notesLeftOn(events.filter { if case .controlChange = $0 { false } else { true } }).isEmpty,
                    "every note Peach started gets its own note-off, not only All Notes Off")
        }
    }
}
