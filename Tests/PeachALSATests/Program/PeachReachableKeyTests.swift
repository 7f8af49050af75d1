import Foundation
import PeachALSA
import PeachApp
import PeachAudio
import PeachCore
import PeachMIDI
import PeachTrainer
import Testing

extension RealSequencerTests {
    /// The presented pitch on every key a trial reaches (docs/synth-calibration.md, "Which keys"): a note range of A4 alone, while a
    /// ±60-cent comparison puts its second note on G♯4 or A♯4. The test synth tunes those neighbours
    /// differently from A4 (and from equal temperament), so a calibration that measured A4 only and
    /// took its neighbours as in tune records a pitch 7–8 c from what sounds.
    ///
    /// `peach calibrate --capture` with that configuration, then Peach's `MidiNotePlayer` with the stored
    /// calibration plays comparison pairs whose second note crosses to the neighbouring key at both
    /// edges of the range; each note, recorded from the loopback, must sound within 0.5 c of the pitch
    /// Peach would record.
    @Suite(.enabled(if: LoopbackRequirement.shouldRun))
    struct PeachReachableKeyTests {
        static let mistuneOption = "68:+7.0,69:-5.6,70:-8.0"
        static let config = """
        [training]
        lowest_note = A4
        highest_note = A4
        max_cent_difference = 60

        """

        @Test func differencesThatCrossKeysAtTheRangesEdgesSoundThePitchPeachRecords() async throws {
            #expect(LoopbackRequirement.present, "snd-aloop is not loaded (scripts/run-in-alsa-vm.sh -M snd-aloop)")
            guard LoopbackRequirement.present else { return }
            let name = "Neighbour Synth"
            let synth = try ImperfectSynth(name: name, options: ["--mistune", Self.mistuneOption])
            defer { synth.stop() }
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let run = try PeachProgram.captureCalibration(["calibrate", "--capture", "hw:Loopback,1,0", "--port", name, "--json"]
                                   + PeachProgram.dataArguments(directory), directory: directory)
            #expect(run.waitForExit(timeout: .seconds(500)) == 0, "\(run.transcript)\n\(synth.transcript)")
            print("reachable keys: capture calibration: \(run.stderr.text)\n\(run.stdout.text)")

            // The neighbours the differences reach were measured, not taken as in tune.
            let figures = try PeachCaptureCalibrationTests.figures(run.stdout.text)
            let keys = try #require(figures["keyOffsetsCents"] as? [String: Double])
            for (key, mistuning) in [("68", 7.0), ("69", -5.6), ("70", -8.0)] {
                let measured = try #require(keys[key], "key \(key) not calibrated: \(keys.keys.sorted())")
                #expect(abs(measured - mistuning) <= 0.3, "key \(key): \(measured), mistuned \(mistuning)")
            }

            let cache = CalibrationCache(directory: directory.appendingPathComponent("calibration").path)
            let calibration = try #require(cache.load(CalibrationCache.key(synth: name, instrument: .piano, bendRange: .default)))
            let notes = try await play(on: synth, profile: calibration.profile(basedOn: .generalMIDI))
            for note in notes { print("reachable keys: \(note)") }
            #expect(notes.count >= 6, "notes measured: \(notes.count) of 8")
            for note in notes {
                #expect(abs(note.vsPresented) <= 0.5, "\(note)")
            }
        }

        struct PlayedNote: CustomStringConvertible {
            var label: String
            var presented: Frequency
            var sounded: Frequency
            var vsPresented: Double { Cents.between(presented, and: sounded).value }
            var description: String {
                "\(label): presented \(String(format: "%+.2f", Cents.between(DetunedMIDINote(note: .a4).frequency(), and: presented).value)) c "
                    + "from A4, sounded \(String(format: "%+.2f", Cents.between(DetunedMIDINote(note: .a4).frequency(), and: sounded).value)) c, "
                    + String(format: "vs presented %+.3f c", vsPresented)
            }
        }

        /// Four comparison pairs on A4 (the figures of docs/synth-calibration.md, "Which keys": a reference a quarter cent off, a second note
        /// ±60 c from it, so on G♯4 or A♯4), recorded in one capture.
        func play(on synth: ImperfectSynth, profile: SynthProfile) async throws -> [PlayedNote] {
            let sequencer = try ALSASequencer(clientName: "Peach test player")
            defer { sequencer.close() }
            try await sequencer.connectOutput(to: try await synth.port(on: sequencer).address)
            let capture = try PCMCapture(device: "hw:Loopback,1,0")
            let player = MidiNotePlayer(port: sequencer, configuration: MidiNotePlayerConfiguration(profile: profile))
            try await player.configure()
            try await Task.sleep(for: .milliseconds(300))
            var planned: [(label: String, presented: Frequency, sent: UInt64)] = []
            for (reference, difference) in [(0.24, 60.0), (0.24, -60.0), (-0.3, 55.0), (0.3, -57.0)] {
                let first = DetunedMIDINote(note: .a4, offset: Cents(reference)).frequency()
                for (label, frequency) in [("A4 \(reference) c", first), ("A4 \(reference) c \(difference > 0 ? "+" : "")\(difference) c",
                                                                      first.shifted(by: Cents(difference)))] {
                    planned.append((label, player.presentedFrequency(for: frequency), DispatchTime.now().uptimeNanoseconds))
                    try await player.play(frequency: frequency, duration: .milliseconds(500), velocity: MIDIVelocity(clamping: 100),
                                          amplitudeDB: .unchanged)
                    try await Task.sleep(for: .milliseconds(300))
                }
            }
            try await player.stopAll()
            let recording = WAVFile(sampleRate: 44100, samples: try capture.stop())
            return try Self.measure(planned, in: recording, startedAt: capture.startedAt)
        }

        /// Each note where it was sent (anchored at the first note's sound), snapped to the nearest heard
        /// onset, measured past its attack; a note lost to a capture dropout is named, not measured.
        static func measure(_ planned: [(label: String, presented: Frequency, sent: UInt64)], in recording: WAVFile,
                            startedAt: UInt64) throws -> [PlayedNote] {
            let onsets = recording.onsets(fraction: 0.1, quiet: 0.1)
            let first = try #require(onsets.first, "nothing heard")
            let anchor = first - Double(planned[0].sent - startedAt) / 1e9
            var notes: [PlayedNote] = []
            for note in planned {
                let expected = anchor + Double(note.sent - startedAt) / 1e9
                let nearest = onsets.min { abs($0 - expected) < abs($1 - expected) }
                let onset = nearest.map { abs($0 - expected) < 0.15 ? $0 : expected } ?? expected
                guard let tone = ToneMeasurer.measure(recording.samples, sampleRate: recording.sampleRate, from: onset + 0.125,
                                                      to: onset + 0.45, near: note.presented.hertz, searchCents: 40),
                      !tone.dropout else {
                    print("reachable keys: \(note.label) at \(onset) s not measured (audio lost)")
                    continue
                }
                notes.append(PlayedNote(label: note.label, presented: note.presented, sounded: Frequency(tone.frequency)))
            }
            return notes
        }
    }
}
