import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachDisciplines
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// Intervals through MidiNotePlayer → PeachALSA → real FluidSynth: the rendered intervals, measured from
    /// the WAV, are the intervals the player says it presents (FluidSynth truncates pitch to whole cents;
    /// `presentedFrequency` accounts for that), and a harmonic interval match records the error of the
    /// interval that really sounded.
    ///
    /// An interval is only as exact as the synth's keys are in tune with each other: FluidR3's keys differ by
    /// a few cents (docs/intervals.md). So each target key is also rendered unbent, and the bent interval note
    /// is checked against its own key (what Peach controls: interval arithmetic, bend, whole-cent grid); the
    /// raw interval against the reference key is printed with the key's own mistuning.
    @Suite struct FluidSynthIntervalTests {
        static let flute = MidiNotePlayerConfiguration(profile: .fluidSynth2, instrument: InstrumentSelection(program: 73))

        func cents(_ from: Frequency, _ to: Frequency) -> Double { Cents.between(from, and: to).value }

        @Test func justMajorThirdAndEqualTemperedFifthSoundAtTheirIntervals() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = FluidSynthRenderer(wav: try TestOutput.file("fluidsynth-intervals.wav"))
            let port = try await synth.start(directory: peach)
            try await peach.connectOutput(to: port.address)
            let player = MidiNotePlayer(port: peach, configuration: Self.flute)
            try await player.configure()
            try await Task.sleep(for: .milliseconds(300))

            let c4 = MIDINote(60)!
            let third = Comparison(referenceNote: c4, targetNote: MIDINote(64)!, centOffset: .zero,
                                   interval: .majorThird, tuningSystem: .justIntonation)
            let fifth = Comparison(referenceNote: c4, targetNote: MIDINote(67)!, centOffset: .zero,
                                   interval: .perfectFifth, tuningSystem: .equalTemperament)
            let reference = third.referenceFrequency(.standard)
            let e4 = DetunedMIDINote(note: MIDINote(64)!).frequency()
            let notes: [(String, Frequency, Double)] = [
                ("reference C4", reference, 0),
                ("E4 key unbent", e4, 400),
                ("just M3 (E4 key bent)", third.targetFrequency(.standard), 386.314),
                ("12-TET P5 (G4)", fifth.targetFrequency(.standard), 700),
            ]
            var segments: [PitchSegment] = []
            var noteStarts: [UInt64] = []
            let presentedReference = player.presentedFrequency(for: reference)
            for (label, frequency, ideal) in notes {
                let presented = cents(presentedReference, player.presentedFrequency(for: frequency))
                print(String(format: "FluidSynth intervals: %@: ideal %.3f c, presented %.3f c (%+.3f c)",
                             label, ideal, presented, presented - ideal))
                let start = monotonicNanoseconds()
                noteStarts.append(start)
                try await player.play(frequency: frequency, duration: .milliseconds(1200), velocity: MIDIVelocity(clamping: 100),
                                      amplitudeDB: .unchanged)
                segments.append(PitchSegment(label: label, note: noteStarts.count - 1, start: start,
                                             end: monotonicNanoseconds(), targetCents: presented))
                try await Task.sleep(for: .milliseconds(300))
            }
            let wallSeconds = Double(monotonicNanoseconds() - synth.readyAt) / 1e9
            synth.stop()
            let wav = try WAVFile(contentsOf: synth.wav)
            // Raw intervals against C4: printed (the keys' own tuning is in them), checked loosely.
            let measured = try checkPitches(wav, segments: segments, noteStarts: noteStarts, wallSeconds: wallSeconds,
                                            tolerance: 4, guess: reference.hertz)
            // The just third against its own key: the bend Peach computed, as FluidSynth sounds it.
            let presentedBend = cents(player.presentedFrequency(for: e4), player.presentedFrequency(for: third.targetFrequency(.standard)))
            let renderedBend = measured[2] - measured[1]
            print(String(format: "FluidSynth intervals: E4 key's own tuning %+.2f c; just M3 = E4 key %+.3f c rendered, "
                         + "%+.3f c presented (error %+.3f c); just M3 corrected for the key: %.3f c (ideal 386.314)",
                         measured[1] - 400, renderedBend, presentedBend, renderedBend - presentedBend,
                         400 + renderedBend))
            #expect(abs(renderedBend - presentedBend) <= 0.5)
        }

        /// Interval matching, harmonic, just M3 up from a random reference: the tunable note is tuned 7 c wide of
        /// the just third while the reference keeps sounding; the recorded error equals the rendered interval's
        /// distance from 386.314 c, both notes measured in the same stretch of audio.
        @Test @MainActor func harmonicIntervalMatchRecordsTheRenderedIntervalsError() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = FluidSynthRenderer(wav: try TestOutput.file("fluidsynth-interval-match.wav"))
            let port = try await synth.start(directory: peach)
            try await peach.connectOutput(to: port.address)
            let player = MidiNotePlayer(port: peach, configuration: Self.flute)
            try await player.configure()
            try await Task.sleep(for: .milliseconds(300))

            var values = TrainingSettings.defaults
            // One reference (E4 → G♯4) whose two keys FluidR3's flute sounds in tune with each other (docs/intervals.md).
            values.noteRange = MIDINote(64)!...MIDINote(68)!
            values.intervals = try IntervalSelection.parse("M3 up").get()
            values.tuningSystem = .justIntonation
            values.intervalPresentation = .harmonic
            values.velocity = MIDIVelocity(clamping: 100)
            let recorder = Recorder()
            let session = PitchMatchingSession(notePlayer: player, settings: FixedSettings(values), observers: [recorder],
                                               intervals: .configured)
            let referenceSent = monotonicNanoseconds()
            session.start()
            while session.state != .playingTunable { try await Task.sleep(for: .milliseconds(20)) }
            let challenge = try #require(session.currentChallenge)
            session.handle(.tune(centsFromTarget: Cents(7), via: .keyboard))
            try await Task.sleep(for: .milliseconds(200))
            let tunedSent = monotonicNanoseconds()
            try await Task.sleep(for: .milliseconds(1500))
            let commitSent = monotonicNanoseconds()
            session.commit()
            await session.stop().value
            try await Task.sleep(for: .milliseconds(500))
            let wallSeconds = Double(monotonicNanoseconds() - synth.readyAt) / 1e9
            synth.stop()

            let recorded = try #require(recorder.completed.first?.userCentError)
            let wav = try WAVFile(contentsOf: synth.wav)
            print(String(format: "FluidSynth interval match: WAV %.2f s for %.2f s of wall time", wav.duration, wallSeconds))
            try #require(wav.duration > 0.95 * wallSeconds, "the synth could not keep up")
            let onset = try #require(wav.onsets().first)
            func sample(_ time: UInt64, _ margin: Double) -> Int {
                Int((onset + Double(Int64(time) - Int64(referenceSent)) / 1e9 + margin) * wav.sampleRate)
            }
            let stretch = wav.samples[max(sample(tunedSent, 0.1), 0)..<min(sample(commitSent, -0.1), wav.samples.count)]
            try #require(stretch.count > Int(0.5 * wav.sampleRate))
            let referenceHz = PitchMeter.fundamental(of: stretch, sampleRate: wav.sampleRate,
                                                     near: challenge.referenceFrequency(.standard).hertz, searchCents: 60)
            let tunedHz = PitchMeter.fundamental(of: stretch, sampleRate: wav.sampleRate,
                                                 near: challenge.targetFrequency(.standard).shifted(by: Cents(7)).hertz,
                                                 searchCents: 60)
            let rendered = PitchMeter.cents(tunedHz, relativeTo: referenceHz)
            let renderedError = rendered - TuningSystem.justIntonation.cents(of: .majorThird).value
            print(String(format: "FluidSynth interval match: %@ → %@, reference %.3f Hz, tuned %.3f Hz: rendered %.3f c, "
                         + "rendered error %+.3f c, recorded error %+.3f c, difference %+.3f c",
                         challenge.referenceNote.name, challenge.targetNote.name, referenceHz, tunedHz, rendered,
                         renderedError, recorded.value, recorded.value - renderedError))
            #expect(abs(recorded.value - 7) < 1, "tuned 7 c wide, recorded \(recorded)")
            #expect(abs(recorded.value - renderedError) <= 0.5, "recorded \(recorded.value) c, rendered \(renderedError) c")
        }
    }
}

@MainActor
private final class FixedSettings: TrainingSettingsSource {
    let currentSettings: TrainingSettings
    init(_ settings: TrainingSettings) { currentSettings = settings }
}

@MainActor
private final class Recorder: TrainingObserver {
    var completed: [CompletedPitchMatching] = []
    func trialCompleted(_ trial: any CompletedTrial) throws {
        if let completed = trial as? CompletedPitchMatching { self.completed.append(completed) }
    }
}
