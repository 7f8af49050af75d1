import Foundation
import Glibc
import PeachALSA
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// The real `peach` binary, end to end, against the kernel sequencer (issues 5 and 6): driven
    /// through its line mode with pipes, or its full-screen mode on a pseudo-terminal. Every wait is
    /// for a line or an event (generous timeouts for the emulated VM), never a fixed sleep.
    @Suite struct PeachProgramTests {
        // MARK: Scripted session with FluidSynth started by Peach

        @Test func scriptedSessionWithFluidSynthLeavesExactlyItsRecords() async throws {
            let directory = try PeachProgram.temporaryDirectory()
            // The file audio driver: the VM has no sound card (FluidSynth writes fluidsynth.wav in the cwd).
            let peach = try PeachRun(["--plain", "--synth", "fluidsynth", "--audio-driver", "file"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            // The first start with a SoundFont calibrates FluidSynth: tens of seconds in the emulated VM.
            let synthLine = try peach.expectLine(prefix: "synth: ", anywhere: true, timeout: Self.firstStart)
            let synthName = String(synthLine.dropFirst("synth: ".count))
            #expect(synthName.hasPrefix("Peach FluidSynth \(peach.pid)"), "\(synthLine)")
            try peach.expectLine(prefix: "start:", anywhere: true)

            let answers = try Self.answerThreeComparisons(peach)
            try peach.send("m")
            try peach.expectLine(prefix: "pitch matching 1: reference note")
            try peach.expectLine(prefix: "tune now")
            try peach.send("+7")
            try peach.send("")
            let result = try peach.expectLine(prefix: "result: ")
            try peach.send("q")
            let status = peach.waitForExit()
            #expect(status == 0, "\(peach.transcript)")

            let records = try PeachProgram.logRecords(directory)
            Self.expectExactlyTheSessionsRecords(records, answers: answers, result: result, synthName: synthName)
            // Stopped cleanly (quit), not killed: FluidSynth went with it and its file driver finished the WAV.
            try await Self.expectFluidSynthGone(with: peach, directory: directory)
        }

        /// Three comparisons answered higher, lower, higher, then the fourth discarded by "s": the verdicts printed.
        static func answerThreeComparisons(_ peach: PeachRun) throws -> [String] {
            try peach.send("c")
            var answers: [String] = []
            for number in 1...3 {
                try peach.expectLine(prefix: "comparison \(number): note 1")
                try peach.expectLine(prefix: "note 2: higher or lower?")
                try peach.send(number == 2 ? "l" : "h")
                answers.append(try peach.expectLine("a verdict") { $0.hasPrefix("correct:") || $0.hasPrefix("wrong:") })
            }
            try peach.send("s")   // discards the comparison that has just started
            try peach.expectLine(prefix: "start:")
            return answers
        }

        /// The three answered comparisons and the one pitch-matching commit, each as it was answered and printed.
        static func expectExactlyTheSessionsRecords(_ records: [[String]], answers: [String], result: String, synthName: String) {
            let comparisons = records.filter { $0.first == "comparison" }
            let matches = records.filter { $0.first == "pitchMatching" }
            #expect(comparisons.count == 3, "\(records)")
            #expect(matches.count == 1, "\(records)")
            #expect(records.count == 4, "\(records)")
            for (record, (answer, printed)) in zip(comparisons, zip(["higher", "lower", "higher"], answers)) {
                #expect(record.count == 14 && record[6] == answer, "\(record)")
                #expect(record.count == 14 && printed.hasPrefix(record[7] == "correct" ? "correct:" : "wrong:"), "\(record) vs \(printed)")
                #expect(record.count == 14 && record[12] == synthName, "output name \(record) instead of \(synthName)")
                #expect(record.last == "measured", "FluidSynth calibrated at start: the pitch rests on what was measured: \(record)")
            }
            if let match = matches.first, match.count == 11, match.last == "measured", let initial = Double(match[4]), let error = Double(match[5]) {
                // Scored between the pitches the synth presents (FluidSynth sounds whole cents, bends in
                // 0.024-cent steps), so within a cent of the nominal start + 7; ignoring or inverting
                // the +7 would be 7 or 14 cents off.
                #expect(abs(error - (initial + 7)) <= 1.01, "\(match)")
                #expect(result == "result: " + describe(error), "\(result) vs \(match)")
            } else {
                Issue.record("pitchMatching record malformed: \(matches)")
            }
        }

        /// FluidSynth went with Peach: no process, no sequencer client, and its file driver finished the WAV.
        static func expectFluidSynthGone(with peach: PeachRun, directory: URL) async throws {
            #expect(PeachProgram.processes(commandLineContaining: "Peach FluidSynth \(peach.pid)").isEmpty)
            let observer = try ALSASequencer(clientName: "Peach test observer")
            let leftover = try await observer.ports().filter { $0.clientName.hasPrefix("Peach FluidSynth \(peach.pid)") }
            #expect(leftover.isEmpty, "\(leftover)")
            let wav = PeachProgram.wavFinished(directory.appendingPathComponent("fluidsynth.wav"))
            #expect(wav.finished, "\(wav.detail)")
        }

        /// With the generic profile, so without the start's calibration: the scripted session above covers that,
        /// and measuring FluidSynth again here cost about 25 s of the emulated VM for nothing this test checks.
        @Test func sigtermDuringTrainingStopsTheFluidSynthPeachStarted() async throws {
            let directory = try PeachProgram.temporaryDirectory(config: PeachProgram.defaultConfig + "[midi]\nsynth_profile = generic\n")
            let peach = try PeachRun(["--plain", "--synth", "fluidsynth", "--audio-driver", "file"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "synth: Peach FluidSynth", anywhere: true, timeout: Self.firstStart)
            try peach.expectLine(prefix: "start:", anywhere: true)
            _ = try RealSequencerTests.PeachStuckNoteTests.uncalibrated(peach)
            #expect(!PeachProgram.processes(commandLineContaining: "Peach FluidSynth \(peach.pid)").isEmpty)
            try peach.send("c")
            try peach.expectLine(prefix: "comparison 1: note 1")
            kill(peach.pid, SIGTERM)
            #expect(peach.waitForExit() == 128 + SIGTERM, "\(peach.transcript)")
            try await Self.expectFluidSynthGone(with: peach, directory: directory)
            let records = (try? PeachProgram.logRecords(directory)) ?? []
            #expect(records.isEmpty, "the interrupted comparison must not be recorded: \(records)")
        }

        /// A real life's history: comparisons 430 days ago, then 29 days ago, then a new session. A break like these
        /// once killed Peach at the first answer of the new session (the trend's kernel trapped); now it trains on, and
        /// the new answers go after the old ones.
        @Test func aSessionAfterBreaksOfWeeksAndYearsTrainsOn() async throws {
            let directory = try PeachProgram.temporaryDirectory(config: PeachProgram.defaultConfig + "[midi]\nsynth_profile = generic\n")
            try Self.historyWithBreaks().write(to: directory.appendingPathComponent("training.log"), atomically: true, encoding: .utf8)
            let peach = try PeachRun(["--plain", "--synth", "fluidsynth", "--audio-driver", "file"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "synth: Peach FluidSynth", anywhere: true, timeout: Self.firstStart)
            try peach.expectLine(prefix: "start:", anywhere: true)
            _ = try RealSequencerTests.PeachStuckNoteTests.uncalibrated(peach)
            _ = try Self.answerThreeComparisons(peach)
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            let records = try PeachProgram.logRecords(directory)
            #expect(records.count == 80 + 3, "\(records.count) records")
            try await Self.expectFluidSynthGone(with: peach, directory: directory)
        }

        /// 60 comparisons on three days 430 days ago and 20 on one day 29 days ago, as the log holds them.
        static func historyWithBreaks() -> String {
            let day = 86_400.0, now = Date()
            let old: [Date] = (0..<60).map { now.addingTimeInterval(-430 * day + Double($0 / 20) * day + Double($0 % 20) * 6) }
            let recent: [Date] = (0..<20).map { now.addingTimeInterval(-29 * day + Double($0) * 6) }
            let stamp = ISO8601DateFormatter()
            stamp.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            var lines: [String] = []
            for (index, time) in (old + recent).enumerated() {
                let cents = index % 3 == 0 ? "4.0" : "20.0"
                let correct = index % 4 == 0 ? "wrong" : "correct"
                let fields: [String] = ["comparison", stamp.string(from: time), "60", "60", cents, cents, "higher", correct,
                                        "P1", "equalTemperament", "440.0", "90", ""]
                lines.append(fields.joined(separator: "\t"))
            }
            return "# peach-log-format:1\n" + lines.joined(separator: "\n") + "\n"
        }

        /// Starting FluidSynth with a new data directory includes calibrating it (docs/synth-calibration.md).
        static let firstStart = Duration.seconds(240)

        /// PlainLineInterface's wording, written independently: "3.2 cents sharp", "0.4 cents flat".
        static func describe(_ error: Double) -> String {
            let rounded = (error * 10).rounded() / 10
            if rounded == 0 { return "exact (within 0.05 cents)" }
            return String(format: "%.1f cents ", abs(rounded)) + (rounded > 0 ? "sharp" : "flat")
        }

        /// `[rhythm] queue_frequency` reaches the kernel: `peach ports` opens its queue as training would and says
        /// what it got (the hrtimer: 0.16 ms at 6250 Hz; the default 1 ms).
        @Test(arguments: [(6250, "0.16 ms (6250 Hz)"), (1000, "1 ms (1000 Hz)")])
        func theConfiguredQueueFrequencyIsTheOneObtained(frequency: Int, period: String) throws {
            let directory = try PeachProgram.temporaryDirectory(config: PeachProgram.defaultConfig + "[rhythm]\nqueue_frequency = \(frequency)\n")
            let peach = try PeachRun(["ports"] + PeachProgram.dataArguments(directory), directory: directory)
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            #expect(peach.stdout.text.contains("the queue wakes every \(period)"), "\(peach.transcript)")
        }

        // MARK: Usage and runtime errors

        @Test func unknownOptionIsAUsageErrorNamingIt() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let peach = try PeachRun(["--bogus"], directory: directory)
            #expect(peach.waitForExit() == 2)
            #expect(peach.stderr.text.contains("--bogus"), "\(peach.transcript)")
            #expect(peach.stdout.text.isEmpty, "\(peach.transcript)")
        }

        @Test func missingPortIsARuntimeErrorListingThePorts() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let peach = try PeachRun(["--plain", "--port", "999:0"] + PeachProgram.dataArguments(directory),
                                     directory: directory)
            try peach.closeInput()
            #expect(peach.waitForExit() == 1, "\(peach.transcript)")
            let message = peach.stderr.text
            #expect(message.contains("999:0"), "\(message)")
            // The writable ports are listed: the VM always has Midi Through (14:0).
            #expect(message.contains("14:0") && message.contains("Midi Through"), "\(message)")
            let records = (try? PeachProgram.logRecords(directory)) ?? []
            #expect(records.isEmpty, "\(records)")
        }

        @Test func secondPeachOnTheSameDataIsRefused() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let capture = try TestClient(name: "Lock Capture", portName: "capture", writable: true, synthesizer: true)
            let first = try PeachRun(["--plain", "--synth", "external", "--port", "\(capture.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try first.expectLine(prefix: "start:", anywhere: true)
            let second = try PeachRun(["--plain", "--synth", "external", "--port", "\(capture.address)"]
                                      + PeachProgram.dataArguments(directory), directory: directory)
            try second.closeInput()
            #expect(second.waitForExit() == 1, "\(second.transcript)")
            #expect(second.stderr.text.contains("Another Peach process (PID \(first.pid))"), "\(second.transcript)")
            #expect(first.isRunning, "the first Peach must be unaffected")
            try first.send("q")
            #expect(first.waitForExit() == 0, "\(first.transcript)")
        }
    }
}
