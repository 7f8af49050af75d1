import Foundation
import Glibc
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// The pitch wheel as the tuning slider, end to end: a test client plays a wheel gesture into the
    /// real `peach` (line mode) through the kernel sequencer; the training log must hold the pitch of
    /// the position held before the wheel sprang back, not its centre or a value passed on the way.
    @Suite struct PeachWheelTests {
        static let config = """
        [training]
        note_duration = 0.5
        [controller]
        mode = pitchbend
        [ui]
        bell = off

        """

        /// The wheel's tuning at `position` with the documented defaults (docs/pitch-wheel.md), written
        /// out independently: ±150 c at full travel, counted from the edge of the ±256 dead zone.
        static func cents(at position: Int) -> Double {
            150 * Double(position.signum() * max(abs(position) - 256, 0)) / Double(8192 - 256)
        }

        @Test func aWheelGestureCommitsThePitchHeldBeforeTheRelease() throws {
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            // A capture port as the synth: no FluidSynth to load, and every note Peach plays is seen.
            let synth = try TestClient(name: "Wheel Capture", portName: "capture", writable: true, synthesizer: true)
            let wheel = try TestClient(name: "Wheel Keyboard", writable: false)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(synth.address)",
                                      "--input", "\(wheel.address)"] + PeachProgram.dataArguments(directory),
                                     directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            #expect(peach.stderr.wait(timeout: .seconds(30)) { $0.contains("MIDI controllers: Wheel Keyboard") ? true : nil } == true,
                    "\(peach.transcript)")

            try peach.send("m")
            try peach.expectLine(prefix: "pitch matching 1: reference note")
            try peach.expectLine(prefix: "tune now")
            try Self.playGesture(on: wheel)

            let result = try peach.expectLine(prefix: "result: ", timeout: .seconds(30))
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")

            let matches = try PeachProgram.logRecords(directory).filter { $0.first == "pitchMatching" }
            Self.expectTheHeldPitchScored(matches, result: result)
            Self.expectTheTunedNoteStoppedFirst(synth.receive().map(\.event))
        }

        /// Touched inside the dead zone, then pushed up to 4000 and held, then let go.
        static func playGesture(on wheel: TestClient) throws {
            let channel = MIDIChannel(0)!
            func move(_ position: Int) throws { try wheel.send(.pitchBend(channel: channel, bend: PitchBend(position)!)) }

            // Merely touched (inside the dead zone): nothing may happen.
            for position in [120, -200, 60, 0] { try move(position); usleep(10_000) }
            // Pushed up to 4000, held there 0.8 s, then let go: the spring back passes 3500...0 at once.
            for step in 1...8 { try move(500 * step); usleep(5_000) }
            usleep(800_000)
            for position in [3500, 2600, 1700, 900, 300, 0] { try move(position) }
        }

        /// One commit, by the release, scoring the pitch held at 4000 (not the centre, not 3500 on the way back).
        static func expectTheHeldPitchScored(_ matches: [[String]], result: String) {
            #expect(matches.count == 1, "one commit, by the release: \(matches)")
            if let match = matches.first, match.count == 11, let initial = Double(match[4]), let error = Double(match[5]) {
                let held = cents(at: 4000)
                print(String(format: "wheel e2e: start %+.3f c, held %+.3f c, scored %+.3f c (off by %.3f c)",
                             initial, held, error, error - (initial + held)))
                // Scored between presented pitches (0.024 c bend steps on a General MIDI synth). The centre
                // would score the start offset (70.7 c away), the first value on the way back 3500 (9.5 c away).
                #expect(abs(error - (initial + held)) <= 0.2, "error \(error), start \(initial) + held \(held): \(match)")
                #expect(abs(error - (initial + cents(at: 3500))) > 5)
                #expect(match[9] == "pitchbend", "\(match)")
                #expect(result == "result: " + PeachProgramTests.describe(error), "\(result) vs \(match)")
            } else {
                Issue.record("pitchMatching record malformed: \(matches)")
            }
        }

        /// The commit stopped the tuned note at once: its note-off comes before the next reference note.
        static func expectTheTunedNoteStoppedFirst(_ events: [MIDIEvent]) {
            let reference = MIDIChannel(0)!, tunable = MIDIChannel(1)!
            guard let tuned = events.firstIndex(where: { if case .noteOn(tunable, _, let v) = $0 { v > 0 } else { false } }) else {
                Issue.record("no tunable note seen: \(events)")
                return
            }
            let next = events[(tuned + 1)...].first { event in
                switch event {
                case .noteOff(tunable, _, _), .noteOn(tunable, _, 0): true
                case .noteOn(reference, _, let velocity): velocity > 0
                default: false
                }
            }
            let stoppedFirst = next.map { if case .noteOn(reference, _, _) = $0 { false } else { true } } ?? false
            #expect(stoppedFirst, "the tuned note must stop before the next reference note: \(events)")
        }
    }
}
