import PeachAudio
import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// Real FluidSynth (FluidR3_GM, file audio driver) behind PeachALSA: the bends sent are the
    /// pitches heard. Bend values here use FluidSynth's measured scale (99.22 cents per nominal
    /// semitone at ±2 semitones; README), independently of PeachMIDI's player.
    @Suite struct FluidSynthTransportTests {
        static func bend(cents: Double) -> PitchBend {
            PitchBend(clamping: Int((cents / 99.22 * 4096).rounded()))
        }

        @Test func rendersTheBendsItIsSent() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = FluidSynthRenderer(wav: try TestOutput.file("fluidsynth-transport.wav"))
            let port = try await synth.start(directory: peach)
            try await peach.connectOutput(to: port.address)
            // Flute: a steady tone (piano decays, square lead beats); its sample sits +3.7 c sharp in FluidR3,
            // which cancels out because every pitch is measured against the reference note.
            let flute: UInt8 = 73
            let channels = (0...2).map { MIDIChannel($0)! }
            try await peach.send(channels.flatMap { [.programChange(channel: $0, program: flute)] + bendRangeRPN($0, semitones: 2) })
            try await Task.sleep(for: .milliseconds(300))

            let a4 = MIDINote.a4
            let (c1, c2, c3) = (channels[0], channels[1], channels[2])
            var segments: [PitchSegment] = []
            var noteStarts: [UInt64] = []
            func hold(_ label: String, cents: Double, _ now: [MIDIEvent], then later: [MIDIEvent], for duration: Duration) async throws {
                let start = monotonicNanoseconds()
                if now.contains(where: { if case .noteOn = $0 { true } else { false } }) { noteStarts.append(start) }
                try await peach.send(now, then: later, after: duration)
                segments.append(PitchSegment(label: label, note: noteStarts.count - 1, start: start,
                                             end: monotonicNanoseconds(), targetCents: cents))
            }
            try await hold("reference A4 (channel 1)", cents: 0, [.noteOn(channel: c1, note: a4, velocity: 100)],
                           then: [.noteOff(channel: c1, note: a4, velocity: 0)], for: .milliseconds(1200))
            try await Task.sleep(for: .milliseconds(300))
            try await hold("A4 +25 c (channel 2)", cents: 25,
                           [.pitchBend(channel: c2, bend: Self.bend(cents: 25)), .noteOn(channel: c2, note: a4, velocity: 100)],
                           then: [.noteOff(channel: c2, note: a4, velocity: 0)], for: .milliseconds(1200))
            try await Task.sleep(for: .milliseconds(300))
            try await hold("tunable +100 c", cents: 100,
                           [.pitchBend(channel: c3, bend: Self.bend(cents: 100)), .noteOn(channel: c3, note: a4, velocity: 100)],
                           then: [.pitchBend(channel: c3, bend: Self.bend(cents: -37.5))], for: .milliseconds(1000))
            try await hold("tunable -37.5 c", cents: -37.5, [], then: [.pitchBend(channel: c3, bend: .center)], for: .milliseconds(1000))
            try await hold("tunable 0 c", cents: 0, [],
                           then: [.noteOff(channel: c3, note: a4, velocity: 0), .controlChange(channel: c3, controller: 123, value: 0)],
                           for: .milliseconds(1000))
            try await Task.sleep(for: .milliseconds(300))
            let wallSeconds = Double(monotonicNanoseconds() - synth.readyAt) / 1e9
            synth.stop()

            let wav = try WAVFile(contentsOf: synth.wav)
            try checkPitches(wav, segments: segments, noteStarts: noteStarts, wallSeconds: wallSeconds, tolerance: 1.5)
        }
    }
}
