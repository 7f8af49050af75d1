import Foundation
import PeachALSA
import PeachApp
import PeachAudio
import PeachCore
import PeachMIDI
import PeachTrainer
import Testing

extension RealSequencerTests {
    /// A deliberately imperfect synth (peach-test-synth: sines into the loopback card, bend scale
    /// 97 c per nominal semitone, three mistuned keys, 7- or 14-bit bend) calibrated by
    /// `peach calibrate --capture`, then played through Peach's `MidiNotePlayer` with the stored
    /// calibration and measured from the loopback's capture side (PitchMeter).
    ///
    /// "Recovered within 0.3 c": the bend scale within 0.3 c per nominal semitone (so a one-semitone
    /// bend lands within 0.3 c), each key's offset within 0.3 c of its mistuning (0 for the others),
    /// the bend resolution exactly (7 or 14 bits).
    ///
    /// Every key a trial reaches (docs/synth-calibration.md, "Which keys"): F♯4 and C♯5 lie outside the note range
    /// G4–C5 but a difference from its edge reaches them, and they are mistuned too. A calibration that measured the
    /// note range alone and took its neighbours as in tune would record those second notes 7–8 c from what sounds.
    @Suite(.enabled(if: LoopbackRequirement.shouldRun))
    struct PeachTestSynthCalibrationTests {
        static let bendScale = 97.0
        static let mistuned: [MIDINote: Double] = [MIDINote(66)!: -7.0, MIDINote(67)!: 8.4, MIDINote.a4: -5.6, MIDINote(72)!: 12.3,
                                                   MIDINote(73)!: 8.0]
        static let mistuneOption = "66:-7.0,67:+8.4,69:-5.6,72:+12.3,73:+8.0"
        /// Notes played per profile: on each of three keys a comparison pair, a matching reference and the tuned note;
        /// two comparison pairs from the range's edges onto the keys beyond.
        static let notesPerProfile = 3 * 4 + 2 * 2
        static let config = """
        [training]
        lowest_note = G4
        highest_note = C5

        """

        /// 14-bit bend: an arbitrary pitch is reachable, so calibrated notes must sound within 0.5 c of
        /// the pitch the session intended (and of the one Peach records).
        @Test func aFourteenBitSynthIsRecoveredAndSoundsTheIntendedPitches() async throws {
            let (calibration, notes) = try await calibrateAndPlay(bits: 14, name: "Imperfect Synth 14")
            #expect(calibration.bendResolutionBits == 14)
            for note in notes where note.calibrated {
                #expect(abs(note.vsIntended) <= 0.5, "\(note)")
                #expect(abs(note.vsPresented) <= 0.5, "\(note)")
            }
            Self.expectUncalibratedNotesAreOff(notes)
        }

        /// 7-bit bend (3.03-c steps at ±2 semitones): an arbitrary pitch is reachable only to within
        /// half a step, so the sound must be within 0.5 c of the pitch Peach records as presented,
        /// and that within half a step of the intended one.
        @Test func aSevenBitSynthIsRecoveredAndSoundsThePresentedPitches() async throws {
            let (calibration, notes) = try await calibrateAndPlay(bits: 7, name: "Imperfect Synth 7")
            #expect(calibration.bendResolutionBits == 7)
            let halfStep = 128 * 2 * Self.bendScale / 8192 / 2
            for note in notes where note.calibrated {
                #expect(abs(note.vsPresented) <= 0.5, "\(note)")
                #expect(abs(note.presentedVsIntended) <= halfStep + 1e-6, "\(note)")
                #expect(abs(note.vsIntended) <= halfStep + 0.5, "\(note)")
            }
            Self.expectUncalibratedNotesAreOff(notes)
        }

        /// The same notes with the built-in General MIDI profile (no calibration) must miss: otherwise
        /// the checks above could not fail.
        static func expectUncalibratedNotesAreOff(_ notes: [PlayedNote]) {
            let errors = notes.filter { !$0.calibrated }.map { abs($0.vsPresented) }
            #expect(errors.count >= notesPerProfile - 2, "uncalibrated notes measured: \(errors.count) of \(notesPerProfile)")
            #expect((errors.max() ?? 0) > 5, "uncalibrated errors \(errors)")
            #expect(errors.filter { $0 > 2 }.count >= errors.count / 2, "uncalibrated errors \(errors)")
        }

        // MARK: Calibrating and playing

        struct PlayedNote: CustomStringConvertible {
            var label: String
            var calibrated: Bool
            var intended: Frequency
            var presented: Frequency
            var sounded: Frequency
            var vsIntended: Double { Cents.between(intended, and: sounded).value }
            var vsPresented: Double { Cents.between(presented, and: sounded).value }
            var presentedVsIntended: Double { Cents.between(intended, and: presented).value }
            var description: String {
                "\(calibrated ? "calibrated" : "uncalibrated") \(label): vs intended "
                    + String(format: "%+.3f c, vs presented %+.3f c (presented %+.3f c from intended)",
                             vsIntended, vsPresented, presentedVsIntended)
            }
        }

        func calibrateAndPlay(bits: Int, name: String) async throws -> (SynthCalibration, [PlayedNote]) {
            #expect(LoopbackRequirement.present, "snd-aloop is not loaded (scripts/run-in-alsa-vm.sh -M snd-aloop)")
            guard LoopbackRequirement.present else { throw ImperfectSynth.Failure(description: "no loopback card") }
            let lap = Lap("test synth (\(bits)-bit)")
            let (synth, directory, run) = try calibrate(bits: bits, name: name)
            defer { synth.stop() }
            lap("peach calibrate --capture")
            print("test synth (\(bits)-bit) capture calibration: \(run.stderr.text)\n\(run.stdout.text)")

            // What calibration recovered, from the JSON it printed.
            let figures = try PeachCaptureCalibrationTests.figures(run.stdout.text)
            let scale = try #require(figures["centsPerBendSemitone"] as? Double)
            #expect(abs(scale - Self.bendScale) <= 0.3, "bend scale \(scale)")
            #expect(figures["bendResolutionBits"] as? Int == bits)
            #expect(figures["pitchResolutionCents"] as? Double == 0, "a sine synth has no pitch grid")
            #expect(figures["honoursBendRange"] as? Bool == true)
            // A whole calibration measures the synth's latency too: where the synth's playback buffer puts it.
            let latency = try #require(figures["latencyMs"] as? [String: Any], "no latency in \(run.stdout.text)")
            let median = try #require(latency["median"] as? Double)
            let (buffer, period) = try synth.playbackSizes()
            let expected = PeachSynthLatencyTests.expectedLatency(buffer: buffer, period: period, extra: 0)
            #expect(expected.contains(median), "latency \(latency), expected \(expected) (buffer \(buffer), period \(period))")
            #expect((latency["count"] as? Int ?? 0) >= 36, "clicks heard: \(latency)")
            let keys = try #require(figures["keyOffsetsCents"] as? [String: Double])
            // The note range and C4, among the keys its trials reach (CalibrationKeys).
            #expect(Set(keys.keys).isSuperset(of: ["60", "66", "67", "68", "69", "70", "71", "72", "73"]), "\(keys.keys.sorted())")
            for (key, offset) in keys {
                let expected = MIDINote(Int(key) ?? -1).flatMap { Self.mistuned[$0] } ?? 0
                #expect(abs(offset - expected) <= 0.3, "key \(key): \(offset), mistuned \(expected)")
            }

            // The stored calibration, as training with this synth would load it.
            let cache = CalibrationCache(directory: directory.appendingPathComponent("calibration").path)
            let calibration = try #require(cache.load(CalibrationCache.key(synth: name, instrument: .piano, bendRange: .default)))
            #expect(abs((calibration.latency?.median.value ?? .nan) - median) < 1e-6, "stored \(String(describing: calibration.latency))")
            lap("the calibration checked")
            let notes = try await play(on: synth, profiles: [calibration.profile(basedOn: .generalMIDI), .generalMIDI])
            lap("\(Self.notesPerProfile) notes played twice and measured")
            for note in notes { print("test synth (\(bits)-bit): \(note)") }
            let calibrated = notes.filter(\.calibrated).count
            #expect(calibrated >= Self.notesPerProfile - 2, "calibrated notes measured: \(calibrated) of \(Self.notesPerProfile)")
            return (calibration, notes)
        }

        /// `peach calibrate --capture` of a fresh test synth into a fresh data directory. A failure says how often the
        /// synth's playback underran (it then plays on late after a gap). Once, in a whole run with the Debian package
        /// built beside the VM (2026-11-28), a calibration here failed with "no pitch could be measured for C5" and the
        /// count was not known; a 400 ms stall of the synth 12 s into the calibration (a trial, not kept) did not make
        /// it fail, so the count is a clue for the next failure, not its explanation.
        func calibrate(bits: Int, name: String) throws -> (synth: ImperfectSynth, directory: URL, run: PeachRun) {
            let synth = try ImperfectSynth(name: name, options: ["--bend-scale", String(Self.bendScale), "--bend-bits", String(bits),
                                                                 "--mistune", Self.mistuneOption])
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let run = try PeachProgram.captureCalibration(["calibrate", "--capture", "hw:Loopback,1,0", "--port", name, "--json"]
                                                          + PeachProgram.dataArguments(directory), directory: directory)
            let status = run.waitForExit(timeout: .seconds(500))
            guard status == 0 else {
                synth.stopAndWaitForReport()
                let count = synth.underruns.map { "\($0)" } ?? "an unknown number of"
                Issue.record("calibration failed (status \(status)); the synth's playback underran \(count) time(s)\n\(run.transcript)\n\(synth.transcript)")
                throw ImperfectSynth.Failure(description: "peach calibrate --capture failed")
            }
            return (synth, directory, run)
        }

        /// On each mistuned key of the range: a comparison pair (reference, then a second note 13.7 c away) and a
        /// pitch-matching target (reference, then a held note started 35 c sharp and tuned onto it); from each edge of
        /// the range, a comparison pair whose second note lies on the key beyond; once per profile, in one capture.
        func play(on synth: ImperfectSynth, profiles: [SynthProfile]) async throws -> [PlayedNote] {
            var (notes, dropouts, overruns) = try await playOnce(on: synth, profiles: profiles)
            if dropouts.count > 2, overruns > 0 {
                // The capture overran (the emulated VM fell behind) and lost the notes: the VM's audio, not Peach's.
                print("test synth: \(overruns) capture overruns lost \(dropouts.count) notes; playing once more")
                (notes, dropouts, overruns) = try await playOnce(on: synth, profiles: profiles)
            }
            // A lost note or two is the VM's audio, not Peach; more means the notes were not found at all.
            #expect(dropouts.count <= 2, "unmeasured: \(dropouts)")
            return notes
        }

        func playOnce(on synth: ImperfectSynth, profiles: [SynthProfile]) async throws
            -> (notes: [PlayedNote], dropouts: [String], overruns: Int) {
            let sequencer = try ALSASequencer(clientName: "Peach test player")
            defer { sequencer.close() }
            try await sequencer.connectOutput(to: try await synth.port(on: sequencer).address)
            let capture = try PCMCapture(device: "hw:Loopback,1,0")
            var planned: [PlannedNote] = []
            try await Task.sleep(for: .milliseconds(300))
            for (index, profile) in profiles.enumerated() {
                let player = MidiNotePlayer(port: sequencer, configuration: MidiNotePlayerConfiguration(profile: profile))
                try await player.configure()
                for (key, offset) in [(MIDINote(67)!, 17.3), (MIDINote.a4, -21.8), (MIDINote(72)!, 4.6)] {
                    planned += try await playComparisonAndMatching(on: key, offset: Cents(offset), player: player, calibrated: index == 0)
                }
                // G4 + 0.24 − 60 c sounds on F♯4 (bent up 40 c), C5 − 0.3 + 57 c on C♯5 (bent down 43 c).
                for (key, offset, difference) in [(MIDINote(67)!, 0.24, -60.0), (MIDINote(72)!, -0.3, 57.0)] {
                    let reference = DetunedMIDINote(note: key, offset: Cents(offset)).frequency()
                    planned += try await playFixed([("\(key.name) \(offset) c", reference),
                                                    ("\(key.name) \(offset) c \(difference) c", reference.shifted(by: Cents(difference)))],
                                                   player: player, calibrated: index == 0)
                }
                try await player.stopAll()
            }
            let recording = WAVFile(sampleRate: 44100, samples: try capture.stop())
            let (notes, dropouts) = try measure(planned, in: recording, capture: capture)
            return (notes, dropouts, capture.overruns)
        }

        /// A note as it was played: what the session intended, what Peach presents it as, and when it was sent
        /// (`held`: the pitch-matching note, retuned while it sounds).
        typealias PlannedNote = (label: String, calibrated: Bool, intended: Frequency, presented: Frequency, held: Bool, sent: UInt64)

        /// On one key: the comparison pair and the matching reference, then the held note tuned onto the reference.
        func playComparisonAndMatching(on key: MIDINote, offset: Cents, player: MidiNotePlayer,
                                       calibrated: Bool) async throws -> [PlannedNote] {
            let velocity = MIDIVelocity(clamping: 100)
            let reference = DetunedMIDINote(note: key, offset: offset).frequency()
            let second = reference.shifted(by: Cents(key == MIDINote(72)! ? -13.7 : 13.7))
            var planned = try await playFixed([("\(key.name) comparison reference", reference), ("\(key.name) comparison second", second),
                                               ("\(key.name) matching reference", reference)],
                                              player: player, calibrated: calibrated)
            let heldSent = DispatchTime.now().uptimeNanoseconds
            let held = try await player.play(frequency: reference.shifted(by: Cents(35)), velocity: velocity, amplitudeDB: .unchanged)
            try await Task.sleep(for: .milliseconds(300))
            try await held.adjustFrequency(reference)
            // What a pitch-matching commit records: the note as it sounds on the key it is held on.
            let recorded = held.presentedFrequency(for: reference) ?? player.presentedFrequency(for: reference)
            planned.append(("\(key.name) matching tuned note", calibrated, reference, recorded, true, heldSent))
            try await Task.sleep(for: .milliseconds(600))
            try await held.stop()
            try await Task.sleep(for: .milliseconds(300))
            return planned
        }

        /// Half-second notes, one after the other.
        func playFixed(_ notes: [(label: String, frequency: Frequency)], player: MidiNotePlayer,
                       calibrated: Bool) async throws -> [PlannedNote] {
            var planned: [PlannedNote] = []
            for (label, frequency) in notes {
                planned.append((label, calibrated, frequency, player.presentedFrequency(for: frequency), false,
                                DispatchTime.now().uptimeNanoseconds))
                try await player.play(frequency: frequency, duration: .milliseconds(500), velocity: MIDIVelocity(clamping: 100),
                                      amplitudeDB: .unchanged)
                try await Task.sleep(for: .milliseconds(300))
            }
            return planned
        }

        /// Each note where it was sent (anchored at the first note's sound), snapped to the nearest
        /// heard onset: the emulated VM's audio drifts against the clock, and an overrun pads a gap.
        func measure(_ planned: [PlannedNote], in recording: WAVFile, capture: PCMCapture) throws
            -> (notes: [PlayedNote], dropouts: [String]) {
            let onsets = recording.onsets(fraction: 0.1, quiet: 0.1)
            print("test synth: \(planned.count) notes, \(onsets.count) onsets heard, \(capture.overruns) capture overruns")
            let first = try #require(onsets.first, "nothing heard")
            let anchor = first - Double(planned[0].sent - capture.startedAt) / 1e9
            var notes: [PlayedNote] = []
            var dropouts: [String] = []
            for note in planned {
                let expected = anchor + Double(note.sent - capture.startedAt) / 1e9
                let nearest = onsets.min { abs($0 - expected) < abs($1 - expected) }
                let onset = nearest.map { abs($0 - expected) < 0.15 ? $0 : expected } ?? expected
                // Fixed notes: past the attack, before the note-off. The tuned note: after the retune.
                let window = note.held ? (onset + 0.45, onset + 0.85) : (onset + 0.125, onset + 0.45)
                let tone = ToneMeasurer.measure(recording.samples, sampleRate: recording.sampleRate, from: window.0, to: window.1,
                                                near: note.presented.hertz, searchCents: 40)
                guard let tone, !tone.dropout else {
                    // A run of exact digital zeros: the capture lost audio (an overrun in the emulated VM), not the synth.
                    dropouts.append("\(note.label) at \(onset) s: " + (tone == nil ? "silent" : "dropout"))
                    continue
                }
                notes.append(PlayedNote(label: note.label, calibrated: note.calibrated, intended: note.intended,
                                        presented: note.presented, sounded: Frequency(tone.frequency)))
            }
            if !dropouts.isEmpty { print("test synth: unmeasured (audio lost): \(dropouts), onsets \(onsets)") }
            return (notes, dropouts)
        }
    }
}
