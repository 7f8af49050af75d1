import Foundation
import Glibc
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// However Peach ends — SIGTERM, a crash (SIGSEGV, SIGABRT), SIGKILL — no note it started keeps
    /// sounding and no FluidSynth it started is left behind: the orderly shutdown, the crash
    /// handler's pre-encoded silence, or the guardian process (docs/stuck-notes.md). A sustained
    /// organ with 3 s notes, ended during the first note, as in the measurements that found the gaps.
    @Suite struct PeachStuckNoteTests {
        static let config = configuration()

        /// For the runs where Peach starts FluidSynth: the generic profile, so Peach does not try to calibrate
        /// the organ at each start. That attempt fails (its layered samples beat: "the pitch of this preset moves
        /// by more than a cent within a note") and Peach plays with its built-in profile; it cost about 25 s of the
        /// emulated VM per start (the four FluidSynth cases took 124 s). Pitch is not what these tests are about.
        static let fluidSynthConfig = configuration(midi: "synth_profile = generic")

        /// A sustained organ with 3 s notes; `midi` adds to its [midi] section.
        static func configuration(midi: String = "") -> String {
            """
            [training]
            note_duration = 3
            [midi]
            program = 19
            \(midi)
            [ui]
            bell = off

            """
        }
        static let endings: [Int32] = [SIGTERM, SIGSEGV, SIGABRT, SIGKILL]

        @Test(arguments: endings)
        func externalSynthIsSilencedHoweverPeachEnds(signal: Int32) throws {
            let capture = try TestClient(name: "Stuck Note Capture", portName: "capture", writable: true, synthesizer: true)
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(capture.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            let guardian = try #require(Self.guardian(of: peach.pid), "no guardian next to Peach \(peach.pid)")
            try peach.send("c")
            let before = try Self.untilNoteOn(capture)
            let killedAt = capture.queueTime()
            kill(peach.pid, signal)
            let (after, _) = RealSequencerTests.PeachSignalTests.untilAllNotesOff(capture, sounded: before, timeout: .seconds(20))
            let status = peach.waitForExit(timeout: .seconds(20))
            #expect(status == 128 + signal, "exit status \(String(describing: status)) \(peach.transcript)")

            let channels = Set(before.compactMap(\.event.noteOnChannel))
            for channel in channels {
                #expect(after.contains { $0.event.isAllNotesOff(on: channel) }, "no CC123 on \(channel): \(after)")
            }
            for key in Self.keysOn(before.map(\.event)) {
                #expect(after.contains { $0.event == .noteOff(channel: key.channel, note: key.note, velocity: 64) },
                        "no note-off for \(key): \(after)")
            }
            #expect(notesLeftOn((before + after).map(\.event)).isEmpty, "\(notesLeftOn((before + after).map(\.event)))")
            // Silenced when the last channel that sounded got its CC123, on the capture client's clock.
            let silencedAt = channels.compactMap { channel in after.first { $0.event.isAllNotesOff(on: channel) }?.time }.max()
            if let silencedAt {
                let milliseconds = Double(Int64(silencedAt) - Int64(killedAt)) / 1e6
                print(String(format: "PeachStuckNoteTests: signal %d: silence at the synth %.1f ms after it", signal, milliseconds))
                if signal == SIGKILL, let gone = capture.unsubscribedAt {
                    // The guardian hears of the death when the kernel has torn Peach down (its client
                    // closes at the same moment as the guardian's socket): its own share is the rest.
                    print(String(format: "PeachStuckNoteTests: kill -9: Peach's client closed %.1f ms after it, "
                                 + "the guardian's silence %.1f ms after that", Double(Int64(gone) - Int64(killedAt)) / 1e6,
                                 Double(Int64(silencedAt) - Int64(gone)) / 1e6))
                }
                // The note had more than 2 s left: later than 1 s would be its own queued note-off, not a silence.
                #expect(milliseconds < 1000, "silence \(milliseconds) ms after signal \(signal)")
            }
            #expect(waitUntil(timeout: .seconds(10)) { !Self.isAlive(guardian) }, "the guardian outlived Peach")
            let late = capture.receive(idle: .milliseconds(300), limit: .seconds(2))
            #expect(!late.contains { $0.event.isNoteOn }, "\(late)")
        }

        @Test(arguments: endings)
        func fluidSynthPeachStartedIsSilencedAndEndsWithIt(signal: Int32) async throws {
            let directory = try PeachProgram.temporaryDirectory(config: Self.fluidSynthConfig)
            let peach = try Self.peachWithFluidSynth(directory)
            let synthName = "Peach FluidSynth \(peach.pid)"
            #expect(!PeachProgram.processes(commandLineContaining: synthName).isEmpty, "no FluidSynth started")
            let guardian = try #require(Self.guardian(of: peach.pid), "no guardian next to Peach \(peach.pid)")
            // A second listener on Peach's output: it hears what FluidSynth is sent.
            let capture = try TestClient(name: "Stuck Note Listener", portName: "capture", writable: true)
            try capture.subscribe(from: try await Self.peachOutput())
            try peach.send("c")
            let before = try Self.untilNoteOn(capture)
            let killed = ContinuousClock.now
            kill(peach.pid, signal)
            if signal != SIGKILL {
                // SIGKILL leaves Peach's client no time; the guardian sends to the synth from its own.
                let (after, _) = RealSequencerTests.PeachSignalTests.untilAllNotesOff(capture, sounded: before, timeout: .seconds(20))
                #expect(notesLeftOn((before + after).map(\.event)).isEmpty, "\(after)")
            }
            let status = peach.waitForExit(timeout: .seconds(20))
            #expect(status == 128 + signal, "exit status \(String(describing: status)) \(peach.transcript)")
            let exited = ContinuousClock.now - killed
            // Swift's backtracer used to hold a crashed Peach (and so FluidSynth) for 6 s in the VM.
            #expect(exited < .seconds(3), "Peach took \(exited) to die of signal \(signal)")
            let gone = waitUntil(timeout: .seconds(3)) { PeachProgram.processes(commandLineContaining: synthName).isEmpty }
            print("PeachStuckNoteTests: signal \(signal): Peach gone after \(exited.formatted(.units(allowed: [.milliseconds]))), "
                  + "its FluidSynth after \((ContinuousClock.now - killed).formatted(.units(allowed: [.milliseconds])))")
            #expect(gone, "\(synthName) still running 3 s after Peach died of signal \(signal)")
            // Whether it quit by itself (end of file on its input: its WAV finished) or had to be ended.
            let wav = PeachProgram.wavFinished(directory.appendingPathComponent("fluidsynth.wav"))
            print("PeachStuckNoteTests: signal \(signal): FluidSynth's WAV \(wav.finished ? "finished" : "unfinished") (\(wav.detail))")
            let observer = try ALSASequencer(clientName: "Peach test observer")
            let leftover = try await observer.ports().filter { $0.clientName.hasPrefix(synthName) }
            #expect(leftover.isEmpty, "\(leftover)")
            #expect(waitUntil(timeout: .seconds(10)) { !Self.isAlive(guardian) }, "the guardian outlived Peach")
        }

        /// Full screen, a crash: the silence goes out first, then the terminal is restored, then
        /// Peach dies of the signal (the crash handler does all three, in that order).
        @Test func crashOnTheFullScreenSilencesAndRestoresTheTerminal() throws {
            let capture = try TestClient(name: "Crash Capture", portName: "capture", writable: true, synthesizer: true)
            let (peach, before) = try RealSequencerTests.PeachSignalTests.training(capture: capture)
            kill(peach.pid, SIGSEGV)
            let (after, _) = RealSequencerTests.PeachSignalTests.untilAllNotesOff(capture, sounded: before, timeout: .seconds(20))
            #expect(peach.waitForExit(timeout: .seconds(20)) == 128 + SIGSEGV)
            #expect(notesLeftOn((before + after).map(\.event)).isEmpty, "\(after)")
            #expect(peach.modesRestored, "terminal modes not restored after the crash")
            let screen = peach.screen.text
            let entered = screen.range(of: RealSequencerTests.PeachSignalTests.enterAlternateScreen, options: .backwards)
            let left = screen.range(of: RealSequencerTests.PeachSignalTests.leaveAlternateScreen, options: .backwards)
            #expect(entered != nil && left != nil && left!.lowerBound > entered!.lowerBound,
                    "alternate screen not left: \(screen.suffix(400).debugDescription)")
        }

        /// kill -9 on a real synth: the organ note, which would sound until the synth quit, stops.
        @Test func killedPeachsNoteStopsSoundingOnARealSynth() async throws {
            let observer = try ALSASequencer(clientName: "Peach test observer")
            let synth = FluidSynthRenderer(wav: try TestOutput.file("stuck-note-kill.wav"), name: "Stuck Note Synth")
            let port = try await synth.start(directory: observer)
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(port.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            let capture = try TestClient(name: "Stuck Note Listener", portName: "capture", writable: true)
            try capture.subscribe(from: try await Self.peachOutput())
            try peach.send("c")
            _ = try Self.untilNoteOn(capture)
            usleep(300_000)
            kill(peach.pid, SIGKILL)
            #expect(peach.waitForExit(timeout: .seconds(20)) == 128 + SIGKILL)
            // The note had 2.7 s left and, unsilenced, would sound until the synth quits.
            usleep(2_500_000)
            synth.stop()
            let wav = try WAVFile(contentsOf: synth.wav)
            let loudest = wav.samples.map(abs).max() ?? 0
            let tail = wav.samples.suffix(Int(wav.sampleRate)).map(abs).max() ?? 0
            print(String(format: "PeachStuckNoteTests: kill -9: peak %.4f while playing, %.6f in the last second", loudest, tail))
            // The note's key is drawn at random and the organ's level differs from key to key (peaks of 0.043 seen on
            // a low key): heard means far above the silence that follows (0.000000), not a fixed loudness.
            #expect(loudest > 0.01, "the note was never heard (peak \(loudest))")
            #expect(tail < loudest / 100, "still sounding after Peach was killed: peak \(tail) vs \(loudest)")
        }

        /// The guardian follows the destination: the synth vanishes, the user connects the one that
        /// appeared, and kill -9 silences that one.
        @Test func guardianSilencesTheSynthPeachReconnectedTo() throws {
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            var first: TestClient? = try TestClient(name: "Vanishing Synth", portName: "synth", writable: true, synthesizer: true)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(first!.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            // Lost while playing (as in PeachDestinationLostTests): Peach is surely listening then.
            try peach.send("c")
            _ = try Self.untilNoteOn(first!)
            first!.close()
            first = nil
            try peach.expectLine(prefix: "synth: disconnected")
            try peach.expectLine(prefix: "start:")
            let replacement = try TestClient(name: "Replacement Synth", portName: "synth", writable: true, synthesizer: true)
            try peach.expectLine(prefix: "a synth appeared: ")
            try peach.send("connect")
            try peach.expectLine(prefix: "synth: Replacement Synth")
            try peach.send("c")
            let before = try Self.untilNoteOn(replacement)
            let killedAt = replacement.queueTime()
            kill(peach.pid, SIGKILL)
            let (after, _) = RealSequencerTests.PeachSignalTests.untilAllNotesOff(replacement, sounded: before, timeout: .seconds(20))
            #expect(peach.waitForExit(timeout: .seconds(20)) == 128 + SIGKILL)
            #expect(notesLeftOn((before + after).map(\.event)).isEmpty, "\(after)")
            if let silenced = after.first(where: { if case .controlChange(_, 123, _) = $0.event { true } else { false } }) {
                print(String(format: "PeachStuckNoteTests: kill -9 after a reconnection: silence %.1f ms after it",
                             Double(Int64(silenced.time) - Int64(killedAt)) / 1e6))
            }
        }

        /// The guardian waits blocked in read (no CPU), small, with a client nobody can subscribe to,
        /// and leaves without a sound when Peach quits normally.
        @Test func guardianWaitsForFreeAndLeavesQuietlyWhenPeachQuits() async throws {
            let capture = try TestClient(name: "Quit Capture", portName: "capture", writable: true, synthesizer: true)
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(capture.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            let guardian = try #require(Self.guardian(of: peach.pid), "no guardian next to Peach \(peach.pid)")
            let observer = try ALSASequencer(clientName: "Peach test observer")
            // The guardian starts next to Peach: its client may open a moment after Peach is ready.
            var found: SequencerPortInfo?
            for _ in 0..<100 where found == nil {
                found = try await observer.ports().first { $0.clientName == "Peach guardian \(peach.pid)" }
                if found == nil { try await Task.sleep(for: .milliseconds(100)) }
            }
            let client = try #require(found, "no guardian client")
            #expect(!client.acceptsOutput && !client.providesInput, "the guardian's port must not be subscribable: \(client)")

            // Settled first: starting up (loading, binding symbols, reading Peach's first lines) costs CPU once.
            var settled = Self.cpuTicks(guardian)
            for _ in 0..<30 {
                usleep(500_000)
                let now = Self.cpuTicks(guardian)
                if now == settled { break }
                settled = now
            }
            let ticks = Self.cpuTicks(guardian)
            usleep(3_000_000)
            let idleTicks = Self.cpuTicks(guardian).map { $0 - (ticks ?? 0) }
            print("PeachStuckNoteTests: guardian \(Self.memory(guardian)), CPU over 3 s idle: \(String(describing: idleTicks)) ticks")
            #expect(idleTicks == 0, "the guardian used CPU while waiting")
            #expect(PeachProgram.processState(guardian) == "S")

            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            #expect(waitUntil(timeout: .seconds(5)) { !Self.isAlive(guardian) }, "the guardian outlived a clean quit")
            let after = capture.receive(idle: .milliseconds(500), limit: .seconds(3))
            #expect(!after.contains { $0.source.client == client.address.client }, "the guardian sent after a clean quit: \(after)")
        }
    }
}

extension RealSequencerTests.PeachStuckNoteTests {
    /// Receives until the first note-on (60 s at most: FluidSynth loads slowly in the VM).
    static func untilNoteOn(_ capture: TestClient) throws -> [TestClient.Received] {
        var received: [TestClient.Received] = []
        let found = waitUntil(timeout: .seconds(60), poll: .zero) {
            received += capture.receive(idle: .milliseconds(50), limit: .seconds(1))
            return received.contains { $0.event.isNoteOn }
        }
        guard found else { throw PeachProgram.Failure(description: "no note-on within 60 s: \(received)") }
        return received
    }

    /// Peach in line mode with the FluidSynth it starts, on its Start line. A guest starved by a busy
    /// host can take longer than Peach's 15 s wait for FluidSynth's port (Peach then says so and
    /// exits): that launch is tried once more, since it is not what these tests are about.
    static func peachWithFluidSynth(_ directory: URL) throws -> PeachRun {
        warmSoundFont()
        let arguments = ["--plain", "--synth", "fluidsynth", "--audio-driver", "file"] + PeachProgram.dataArguments(directory)
        let first = try PeachRun(arguments, directory: directory)
        do {
            try first.expectLine(prefix: "start:", anywhere: true, timeout: .seconds(90))
            return try uncalibrated(first)
        } catch {
            guard first.stderr.text.contains("did not appear within") else { throw error }
            print("PeachStuckNoteTests: FluidSynth too slow to start in the VM; trying once more")
            _ = first.waitForExit(timeout: .seconds(30))
        }
        let second = try PeachRun(arguments, directory: directory)
        try second.expectLine(prefix: "start:", anywhere: true, timeout: .seconds(90))
        return try uncalibrated(second)
    }

    /// `peach`, once sure that it did not calibrate FluidSynth at start (a profile setting it ignored would
    /// bring the attempt, and its time, back). "Calibrating FluidSynth": the start of `calibration.starting`.
    static func uncalibrated(_ peach: PeachRun) throws -> PeachRun {
        guard !peach.transcript.contains("Calibrating FluidSynth") else {
            throw PeachProgram.Failure(description: "Peach calibrated FluidSynth at start:\n\(peach.transcript)")
        }
        return peach
    }

    /// Reads the SoundFont Peach's FluidSynth loads once, so the VM's first load does not come cold
    /// from the host's file system: under load it could miss Peach's 15 s wait for FluidSynth's port.
    static func warmSoundFont() {
        let descriptor = open("/usr/share/sounds/sf2/default-GM.sf2", O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The keys still on at the end of `events` (the note-offs a silence must send).
    static func keysOn(_ events: [MIDIEvent]) -> [(channel: MIDIChannel, note: MIDINote)] {
        var on: [(channel: MIDIChannel, note: MIDINote)] = []
        for event in events {
            switch event {
            case .noteOn(let channel, let note, let velocity) where velocity > 0: on.append((channel, note))
            case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _):
                on.removeAll { $0.channel == channel && $0.note == note }
            case .controlChange, .pitchBend, .programChange: break
            }
        }
        return on
    }

    /// Peach's "out" port (one Peach at a time runs in these tests).
    static func peachOutput() async throws -> SequencerAddress {
        let observer = try ALSASequencer(clientName: "Peach test observer")
        defer { observer.close() }
        guard let port = try await observer.ports().first(where: { $0.clientName == "Peach" && $0.portName == "out" }) else {
            throw PeachProgram.Failure(description: "no Peach:out port")
        }
        return port.address
    }

    /// The `peach __guardian` child of `peach`.
    static func guardian(of peach: Int32) -> Int32? {
        PeachProgram.processes(commandLineContaining: "__guardian").first { statFields($0)?[1] == "\(peach)" }
    }

    static func isAlive(_ pid: Int32) -> Bool {
        guard let state = PeachProgram.processState(pid) else { return false }
        return state != "Z"
    }

    /// user + system clock ticks so far.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let fields = statFields(pid), fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// RSS (all of it, and what is its own: anonymous) and PSS, from /proc.
    static func memory(_ pid: Int32) -> String {
        func value(_ file: String, _ key: String) -> String {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8)) ?? ""
            return text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
        }
        return "RSS \(value("status", "VmRSS")) (anonymous \(value("status", "RssAnon"))), PSS \(value("smaps_rollup", "Pss")), "
            + "\(value("status", "Threads")) thread(s)"
    }

    /// /proc/PID/stat after the command name: state, ppid, ...
    private static func statFields(_ pid: Int32) -> [String]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").map(String.init)
    }
}
