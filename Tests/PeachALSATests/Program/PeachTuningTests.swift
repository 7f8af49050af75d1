import Foundation
import PeachAudio
import PeachCore
import Testing

extension RealSequencerTests {
    /// Training in a tuning, end to end: the real `peach` starts FluidSynth itself (file driver), and plain mode plays
    /// interval comparisons in quarter-comma meantone on C4 (C4–E4, 386.3 c) and on G♯3 (the wolf G♯3–C4, 427.4 c),
    /// then in 31-EDO (P5 = 18 steps, 696.8 c) and an interval match there; the configuration file is changed between
    /// trials (Peach reads it live). Harmonic presentation sounds both notes together, so each interval is measured
    /// by FFT within one stretch of the WAV: it equals the tuning's size plus the offset the record says was presented,
    /// within FluidSynth's whole-cent floor. Ignoring the tuning would be 13.7, 27.4 and 3.2 c off.
    @Suite struct PeachTuningTests {
        /// Calibration at the first start measures every key these trials reach (G♯3 to beyond E5).
        static let startConfig = config(tuning: "meantone-quarter-comma", intervals: "M3 P5 up", lowest: "G#3", highest: "A4")

        static func config(tuning: String, intervals: String, lowest: String, highest: String) -> String {
            """
            [training]
            note_duration = 0.9
            tuning = \(tuning)
            intervals = \(intervals)
            interval_presentation = harmonic
            lowest_note = \(lowest)
            highest_note = \(highest)
            [ui]
            bell = off

            """
        }

        struct Trial {
            let config: String
            let detail: String
            let published: Double
        }

        static let comparisons = [
            Trial(config: config(tuning: "meantone-quarter-comma", intervals: "M3 up", lowest: "C4", highest: "E4"),
                  detail: "Quarter-comma meantone: C4–E4, 386.3 ct", published: 386.314),
            Trial(config: config(tuning: "meantone-quarter-comma", intervals: "M3 up", lowest: "G#3", highest: "C4"),
                  detail: "Quarter-comma meantone: G#3–C4, 427.4 ct", published: 427.373),
            Trial(config: config(tuning: "edo-31", intervals: "P5 up", lowest: "D4", highest: "A4"),
                  detail: "31-EDO: 18 steps, 696.8 ct", published: 696.774),
        ]

        @Test func meantoneAnd31EDOIntervalsSoundAtTheirSizes() async throws {
            let directory = try PeachProgram.temporaryDirectory(config: Self.startConfig)
            let configFile = directory.appendingPathComponent("peach.conf")
            let peach = try PeachRun(["--plain", "--synth", "fluidsynth", "--audio-driver", "file"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "synth: Peach FluidSynth", anywhere: true, timeout: PeachProgramTests.firstStart)
            try peach.expectLine(prefix: "start:", anywhere: true)
            // Read live: each trial's configuration is written before the trial before it is answered, since the
            // session draws the next trial as soon as an answer is in.
            try Self.comparisons[0].config.write(to: configFile, atomically: true, encoding: .utf8)
            try peach.send("ic")
            for (index, trial) in Self.comparisons.enumerated() {
                let line = try peach.expectLine(prefix: "comparison \(index + 1) (")
                #expect(line.contains(trial.detail), "\(line)")
                // An answer while the chord sounds would stop it; the chord is measured over its whole length.
                try await Task.sleep(for: .milliseconds(1300))
                if index + 1 < Self.comparisons.count {
                    try Self.comparisons[index + 1].config.write(to: configFile, atomically: true, encoding: .utf8)
                }
                try peach.send(index == 1 ? "l" : "h")
                try peach.expectLine("a verdict") { $0.hasPrefix("correct:") || $0.hasPrefix("wrong:") }
            }
            try peach.send("s")
            try peach.expectLine(prefix: "start:")
            try peach.send("im")
            try peach.expectLine(prefix: "tune now")
            try await Task.sleep(for: .milliseconds(2000))
            try peach.send("")
            try peach.expectLine(prefix: "result: ")
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            let records = try PeachProgram.logRecords(directory)
            let wav = try TestOutput.file("peach-tunings.wav")
            try? FileManager.default.removeItem(at: wav)
            try FileManager.default.copyItem(at: directory.appendingPathComponent("fluidsynth.wav"), to: wav)
            try Self.expectSoundedSizes(records, wav: try WAVFile(contentsOf: wav))
        }

        /// Each chord of the WAV against its record: the sounded interval less the presented offset is the tuning's size.
        static func expectSoundedSizes(_ records: [[String]], wav: WAVFile) throws {
            let comparisons = records.filter { $0.first == "comparison" }
            let matches = records.filter { $0.first == "pitchMatching" }
            try #require(comparisons.count == 3 && matches.count == 1, "\(records)")
            #expect(comparisons.map { $0[9] } == ["meantone-quarter-comma", "meantone-quarter-comma", "edo-31"])
            #expect(matches[0][7] == "edo-31", "\(matches)")
            let onsets = wav.onsets(quiet: 0.2)
            print("Peach tunings: chord onsets \(onsets.map { String(format: "%.2f", $0) }) s in \(String(format: "%.1f", wav.duration)) s")
            try #require(onsets.count == 4, "chord onsets \(onsets)")
            let published = comparisons.indices.map { Self.comparisons[$0].published } + [696.774]
            // A comparison's record holds the presented offset (field 5); a match's the scored error (field 5).
            for (index, record) in (comparisons + matches).enumerated() {
                let presented = try #require(Double(record[5]), "\(record)")
                let sounded = try Self.interval(in: wav, record: record, expected: published[index] + presented,
                                                window: Self.window(after: onsets[index], isMatch: index == 3))
                print(String(format: "Peach tunings: %@ %@→%@ (%@): sounded %.3f c, size + presented %.3f c (%+.3f)",
                             record[0], record[2], record[3], record[record[0] == "comparison" ? 9 : 7], sounded,
                             published[index] + presented, sounded - published[index] - presented))
                #expect(abs(sounded - published[index] - presented) <= 1.2, "\(record): sounded \(sounded) c")
            }
        }

        /// Where both notes of a trial sound steadily, in seconds of the WAV. A comparison's chord starts at its
        /// onset. A match's reference sounds alone for the note duration (0.9 s) before the tunable note joins it,
        /// and that note is held at least 2 s: it is measured from 0.5 s after it starts, past its attack. (Measured
        /// from the chord's onset, the reference alone and the tunable note's first 0.3 s read 0.8-1.5 c wide.)
        static func window(after onset: Double, isMatch: Bool) -> ClosedRange<Double> {
            isMatch ? (onset + 0.9 + 0.5)...(onset + 0.9 + 1.8) : (onset + 0.2)...(onset + 0.6)
        }

        /// The interval between the two notes sounding in `window` (seconds), found near the record's keys.
        static func interval(in wav: WAVFile, record: [String], expected: Double, window: ClosedRange<Double>) throws -> Double {
            let reference = try #require(Int(record[2]).flatMap(MIDINote.init))
            let end = Int(window.upperBound * wav.sampleRate)
            try #require(end <= wav.samples.count, "the WAV ends before \(window.upperBound) s")
            let stretch = wav.samples[Int(window.lowerBound * wav.sampleRate)..<end]
            let referenceGuess = DetunedMIDINote(note: reference).frequency().hertz
            let referenceHz = PitchMeter.fundamental(of: stretch, sampleRate: wav.sampleRate, near: referenceGuess, searchCents: 60)
            let targetHz = PitchMeter.fundamental(of: stretch, sampleRate: wav.sampleRate,
                                                  near: referenceHz * pow(2, expected / 1200), searchCents: 60)
            return PitchMeter.cents(targetHz, relativeTo: referenceHz)
        }
    }
}
