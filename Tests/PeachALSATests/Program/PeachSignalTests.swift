import Foundation
import Glibc
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// Full-screen `peach` on a pseudo-terminal, playing to a capture client: every terminating
    /// signal restores the terminal and silences every channel it used; Ctrl-Z stops training.
    @Suite struct PeachSignalTests {
        static let leaveAlternateScreen = "\u{1B}[?1049l"
        static let enterAlternateScreen = "\u{1B}[?1049h"
        static let startScreen = "Start comparison training"

        /// Peach in a pty, comparison training started, the first note-on received by `capture`.
        static func training(capture: TestClient) throws -> (PeachTerminalRun, [TestClient.Received]) {
            let directory = try PeachProgram.temporaryDirectory()
            let peach = try PeachTerminalRun(["--synth", "external", "--port", "\(capture.address)"]
                                             + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expect(Self.enterAlternateScreen)
            try peach.expect(Self.startScreen)
            peach.type("1")
            var received: [TestClient.Received] = []
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline && !received.contains(where: { $0.event.isNoteOn }) {
                received += capture.receive(idle: .milliseconds(50), limit: .seconds(1))
            }
            guard received.contains(where: { $0.event.isNoteOn }) else {
                throw PeachTerminalRun.Failure(description: "no note-on at the capture client within 60 s: \(received)\n"
                    + peach.screen.text.suffix(2000).debugDescription)
            }
            return (peach, received)
        }

        /// Receives until every channel that sounded got All Notes Off (CC123), or `timeout`; returns
        /// the events and the seconds it took.
        static func untilAllNotesOff(_ capture: TestClient, sounded: [TestClient.Received],
                                     timeout: Duration = .seconds(60)) -> ([TestClient.Received], Double) {
            let start = ContinuousClock.now
            var received: [TestClient.Received] = []
            let channels = Set(sounded.compactMap(\.event.noteOnChannel))
            func silenced() -> Bool {
                channels.allSatisfy { channel in received.contains { $0.event.isAllNotesOff(on: channel) } }
            }
            while ContinuousClock.now - start < timeout && !silenced() {
                received += capture.receive(idle: .milliseconds(20), limit: .milliseconds(200))
            }
            let elapsed = ContinuousClock.now - start
            return (received, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }

        @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
        func terminatingSignalRestoresTheTerminalAndSilencesTheSynth(signal: Int32) throws {
            let capture = try TestClient(name: "Signal Capture", portName: "capture", writable: true, synthesizer: true)
            let (peach, before) = try Self.training(capture: capture)
            let sent = ContinuousClock.now
            kill(peach.pid, signal)
            let (after, seconds) = Self.untilAllNotesOff(capture, sounded: before)
            let status = peach.waitForExit()
            let exited = ContinuousClock.now - sent
            print("PeachSignalTests: signal \(signal): All Notes Off on every channel \(String(format: "%.3f", seconds)) s after it, "
                  + "exit after \(exited.formatted(.units(allowed: [.milliseconds])))")
            #expect(status == 128 + signal, "exit status \(String(describing: status))")
            let events = (before + after).map(\.event)
            for channel in Set(before.compactMap(\.event.noteOnChannel)) {
                #expect(after.contains { $0.event.isAllNotesOff(on: channel) }, "no CC123 on channel \(channel): \(after)")
            }
            #expect(notesLeftOn(events).isEmpty, "\(notesLeftOn(events))")
            #expect(peach.modesRestored, "terminal modes not restored: lflag \(peach.currentModes.c_lflag) vs \(peach.original.c_lflag)")
            let screen = peach.screen.text
            let entered = screen.range(of: Self.enterAlternateScreen, options: .backwards)
            let left = screen.range(of: Self.leaveAlternateScreen, options: .backwards)
            #expect(entered != nil && left != nil && left!.lowerBound > entered!.lowerBound,
                    "alternate screen not left: \(screen.suffix(400).debugDescription)")
            // Nothing sounds after the process has gone.
            let late = capture.receive(idle: .milliseconds(300), limit: .seconds(2))
            #expect(!late.contains { $0.event.isNoteOn }, "\(late)")
        }

        /// Ctrl-Z both ways: SIGTSTP from outside, and the key itself (raw mode reads it as byte 0x1A).
        @Test(arguments: ["signal", "key"])
        func ctrlZStopsTrainingAndContinueShowsTheStartScreen(how: String) throws {
            let capture = try TestClient(name: "Suspend Capture", portName: "capture", writable: true, synthesizer: true)
            let (peach, before) = try Self.training(capture: capture)
            if how == "key" { peach.type("\u{1A}") } else { kill(peach.pid, SIGTSTP) }
            let (after, seconds) = Self.untilAllNotesOff(capture, sounded: before)
            print("PeachSignalTests: Ctrl-Z (\(how)): All Notes Off on every channel \(String(format: "%.3f", seconds)) s after it")
            let stopped = waitUntil(timeout: .seconds(60)) { PeachProgram.processState(peach.pid) == "T" }
            #expect(stopped, "state \(String(describing: PeachProgram.processState(peach.pid))) instead of T (stopped)")
            let events = (before + after).map(\.event)
            #expect(notesLeftOn(events).isEmpty, "\(notesLeftOn(events))")
            #expect(peach.modesRestored, "terminal modes not restored while stopped")
            #expect(peach.screen.wait(timeout: .seconds(5)) { $0.hasSuffix(Self.leaveAlternateScreen) || $0.contains(Self.leaveAlternateScreen) ? true : nil } != nil)
            // Training stays stopped: no note while suspended.
            let whileStopped = capture.receive(idle: .milliseconds(500), limit: .seconds(2))
            #expect(!whileStopped.contains { $0.event.isNoteOn }, "\(whileStopped)")

            let offset = peach.screen.byteCount
            kill(peach.pid, SIGCONT)
            try peach.expect(Self.enterAlternateScreen, from: offset)
            try peach.expect(Self.startScreen, from: offset)
            // Back on the Start screen, not training: nothing plays until the user chooses.
            let afterContinue = capture.receive(idle: .milliseconds(500), limit: .seconds(2))
            #expect(!afterContinue.contains { $0.event.isNoteOn }, "\(afterContinue)")
            peach.type("q")
            #expect(peach.waitForExit() == 0)
            #expect(peach.modesRestored, "terminal modes not restored after quit")
        }
    }
}

extension MIDIEvent {
    var isNoteOn: Bool {
        if case .noteOn(_, _, let velocity) = self { return velocity > 0 }
        return false
    }

    var noteOnChannel: MIDIChannel? {
        if case .noteOn(let channel, _, let velocity) = self, velocity > 0 { return channel }
        return nil
    }

    func isAllNotesOff(on channel: MIDIChannel) -> Bool {
        if case .controlChange(channel, 123, _) = self { return true }
        return false
    }
}

extension RealSequencerTests.PeachSignalTests {
    /// Line mode too: Ctrl-Z (SIGTSTP from the shell) stops training and the process; `fg` brings
    /// back the Start line; training does not resume by itself.
    @Test func ctrlZInLineModeStopsTheProcessAndTraining() throws {
        let capture = try TestClient(name: "Plain Suspend Capture", portName: "capture", writable: true, synthesizer: true)
        let directory = try PeachProgram.temporaryDirectory()
        let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(capture.address)"]
                                 + PeachProgram.dataArguments(directory), directory: directory)
        try peach.expectLine(prefix: "start:", anywhere: true)
        try peach.send("c")
        try peach.expectLine(prefix: "comparison 1: note 1")
        var before: [TestClient.Received] = []
        #expect(waitUntil(timeout: .seconds(60)) {
            before += capture.receive(idle: .milliseconds(50), limit: .seconds(1))
            return before.contains { $0.event.isNoteOn }
        }, "no note-on reached the capture client")
        kill(peach.pid, SIGTSTP)
        let (after, _) = Self.untilAllNotesOff(capture, sounded: before)
        try peach.expectLine(prefix: "suspended:")
        let stopped = waitUntil(timeout: .seconds(60)) { PeachProgram.processState(peach.pid) == "T" }
        #expect(stopped, "state \(String(describing: PeachProgram.processState(peach.pid))) instead of T (stopped)")
        let events = (before + after).map(\.event)
        #expect(notesLeftOn(events).isEmpty, "\(notesLeftOn(events))")

        kill(peach.pid, SIGCONT)
        try peach.expectLine(prefix: "start:")
        let afterContinue = capture.receive(idle: .milliseconds(500), limit: .seconds(2))
        #expect(!afterContinue.contains { $0.event.isNoteOn }, "training resumed by itself: \(afterContinue)")
        try peach.send("q")
        #expect(peach.waitForExit() == 0, "\(peach.transcript)")
    }
}

extension RealSequencerTests.PeachSignalTests {
    /// SIGWINCH redraws the screen at the terminal's new size (the separator rule spans the width).
    @Test func windowChangeRedrawsAtTheNewSize() throws {
        let capture = try TestClient(name: "Resize Capture", portName: "capture", writable: true, synthesizer: true)
        let directory = try PeachProgram.temporaryDirectory()
        let peach = try PeachTerminalRun(["--synth", "external", "--port", "\(capture.address)"]
                                         + PeachProgram.dataArguments(directory), directory: directory)
        try peach.expect(Self.startScreen)
        try peach.expect(String(repeating: "─", count: 80))
        #expect(!peach.screen.text.contains(String(repeating: "─", count: 81)))
        let offset = peach.screen.byteCount
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(peach.master, UInt(TIOCSWINSZ), &size) == 0)
        // No controlling terminal here, so the kernel does not signal the resize: do it as it would.
        kill(peach.pid, SIGWINCH)
        try peach.expect(String(repeating: "─", count: 100), from: offset)
        try peach.expect(Self.startScreen, from: offset)
        peach.type("q")
        #expect(peach.waitForExit() == 0)
        #expect(peach.modesRestored)
    }
}
