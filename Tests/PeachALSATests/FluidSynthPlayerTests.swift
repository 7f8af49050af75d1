import PeachAudio
import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// MidiNotePlayer → PeachALSA → real FluidSynth (FluidR3_GM, file audio driver): the pitches it
    /// renders, measured from the WAV, are the pitches asked for, once the FluidSynth profile has
    /// corrected the bend scale (99.22 c per nominal semitone) and aimed inside its whole-cent grid.
    @Suite struct FluidSynthPlayerTests {
        @Test func comparisonAndTunableNoteSoundAtTheirTargets() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = FluidSynthRenderer(wav: try TestOutput.file("fluidsynth-player.wav"))
            let port = try await synth.start(directory: peach)
            try await peach.connectOutput(to: port.address)
            // Flute: steady (piano decays); its sample's own tuning cancels out (all relative to the reference).
            let configuration = MidiNotePlayerConfiguration(profile: .fluidSynth2, instrument: InstrumentSelection(program: 73))
            let player = MidiNotePlayer(port: peach, configuration: configuration)
            try await player.configure()
            try await Task.sleep(for: .milliseconds(300))

            let a4 = Frequency(440)
            let velocity = MIDIVelocity(clamping: 100)
            var segments: [PitchSegment] = []
            var noteStarts: [UInt64] = []
            var presented: [String: Double] = [:]
            func note(_ label: String, cents: Double, for duration: Duration) async throws {
                let frequency = a4.shifted(by: Cents(cents))
                presented[label] = PitchMeter.cents(player.presentedFrequency(for: frequency).hertz, relativeTo: a4.hertz)
                let start = monotonicNanoseconds()
                noteStarts.append(start)
                try await player.play(frequency: frequency, duration: duration, velocity: velocity, amplitudeDB: .unchanged)
                segments.append(PitchSegment(label: label, note: noteStarts.count - 1, start: start,
                                             end: monotonicNanoseconds(), targetCents: cents))
            }
            try await note("reference A4", cents: 0, for: .milliseconds(1200))
            try await Task.sleep(for: .milliseconds(300))
            try await note("A4 +25 c", cents: 25, for: .milliseconds(1200))
            try await Task.sleep(for: .milliseconds(300))

            var start = monotonicNanoseconds()
            noteStarts.append(start)
            let held = try await player.play(frequency: a4.shifted(by: Cents(100)), velocity: velocity, amplitudeDB: .unchanged)
            for (label, cents, next) in [("tunable +100 c", 100.0, -37.5), ("tunable -37.5 c", -37.5, 0), ("tunable 0 c", 0, nil)] {
                presented[label] = PitchMeter.cents(player.presentedFrequency(for: a4.shifted(by: Cents(cents))).hertz,
                                                    relativeTo: a4.hertz)
                try await Task.sleep(for: .milliseconds(1000))
                let end = monotonicNanoseconds()
                segments.append(PitchSegment(label: label, note: noteStarts.count - 1, start: start, end: end, targetCents: cents))
                if let next { try await held.adjustFrequency(a4.shifted(by: Cents(next))) }
                start = monotonicNanoseconds()
            }
            try await held.stop()
            try await Task.sleep(for: .milliseconds(300))
            let wallSeconds = Double(monotonicNanoseconds() - synth.readyAt) / 1e9
            synth.stop()

            for segment in segments {
                let expected = presented[segment.label]! - presented["reference A4"]!
                print(String(format: "FluidSynth player: %@: presentable %+.2f c relative to the reference", segment.label, expected))
            }
            let wav = try WAVFile(contentsOf: synth.wav)
            try checkPitches(wav, segments: segments, noteStarts: noteStarts, wallSeconds: wallSeconds, tolerance: 1.5)
        }
    }
}
