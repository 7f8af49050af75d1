import Foundation
import Glibc
import PeachALSA
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// Issue 6's safety stop, end to end: the synth Peach plays to (one it did not start) vanishes
    /// mid-training; Peach survives, says so, stops training, offers a synth that appears, and does
    /// not resume by itself.
    @Suite struct PeachDestinationLostTests {
        static func trainingLine(_ line: String) -> Bool {
            line.hasPrefix("comparison ") || line.hasPrefix("note 2") || line.hasPrefix("correct:") || line.hasPrefix("wrong:")
        }

        @Test func destinationLostStopsTrainingAndANewSynthIsOnlyOffered() throws {
            let directory = try PeachProgram.temporaryDirectory()
            var synth: TestClient? = try TestClient(name: "Vanishing Synth", portName: "synth", writable: true,
                                                    synthesizer: true)
            let address = synth!.address
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            let connected = try peach.expectLine(prefix: "synth: Vanishing Synth", anywhere: true)
            #expect(connected.hasSuffix("(\(address))"), "\(connected)")
            try peach.expectLine(prefix: "start:", anywhere: true)
            try peach.send("c")
            try peach.expectLine(prefix: "comparison 1: note 1")
            // Wait until a note really sounds at the synth, then make it vanish during the note.
            #expect(waitUntil(timeout: .seconds(60)) { synth!.receive(idle: .milliseconds(50), limit: .seconds(1))
                .contains { $0.event.isNoteOn } }, "no note-on reached the synth")
            synth!.close()
            synth = nil

            let lost = try peach.expectLine(prefix: "synth: disconnected")
            // The reason and the Start menu come out of one render, in either order (both orders seen in the VM).
            var told: String?, menu = false
            for _ in 0..<2 {
                let line = try peach.expectLine("the reason or the Start menu") { $0.hasPrefix("! ") || $0.hasPrefix("start:") }
                if line.hasPrefix("! ") { told = line } else { menu = true }
            }
            #expect(told?.contains("Training stopped") == true && menu, "\(peach.transcript)")
            #expect(peach.isRunning, "\(peach.transcript)")
            print("PeachDestinationLostTests: \(lost)")

            // Training has stopped: nothing more is played, even after two trials' worth of time.
            let replacement = try TestClient(name: "Replacement Synth", portName: "synth", writable: true, synthesizer: true)
            let offered = try peach.expectLine(prefix: "a synth appeared: ")
            #expect(offered.contains("Replacement Synth") && offered.contains("(\(replacement.address))"), "\(offered)")
            let heard = replacement.receive(idle: .seconds(3), limit: .seconds(4))
            #expect(!heard.contains { $0.event.isNoteOn }, "Peach resumed by itself: \(heard)")
            #expect(!peach.linesSinceLastMatch.contains(where: Self.trainingLine),
                    "training lines after the loss: \(peach.linesSinceLastMatch)")
            #expect(peach.isRunning, "\(peach.transcript)")

            // Only the user resumes: connect, then start training, and the new synth plays.
            try peach.send("connect")
            try peach.expectLine(prefix: "synth: Replacement Synth")
            try peach.send("c")
            try peach.expectLine(prefix: "comparison 1: note 1")
            #expect(waitUntil(timeout: .seconds(60)) { replacement.receive(idle: .milliseconds(50), limit: .seconds(1))
                .contains { $0.event.isNoteOn } }, "no note-on reached the replacement synth after connect")
            try peach.send("s")
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            #expect(!peach.stderr.text.contains("Fatal error"), "\(peach.transcript)")
            // The interrupted comparison was discarded.
            let records = (try? PeachProgram.logRecords(directory)) ?? []
            #expect(records.isEmpty, "\(records)")
        }

        /// The same with a real FluidSynth that Peach did not start, quitting in the middle of a note.
        @Test func fluidSynthQuittingDuringANoteStopsTraining() async throws {
            let directory = try PeachProgram.temporaryDirectory()
            let observer = try ALSASequencer(clientName: "Peach test observer")
            let synth = FluidSynthRenderer(wav: directory.appendingPathComponent("external.wav"), name: "External FluidSynth")
            let port = try await synth.start(directory: observer)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(port.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "synth: External FluidSynth", anywhere: true)
            try peach.expectLine(prefix: "start:", anywhere: true)
            try peach.send("c")
            try peach.expectLine(prefix: "comparison 1: note 1")
            synth.stop()

            try peach.expectLine(prefix: "synth: disconnected")
            try peach.expectLine(prefix: "! ")
            #expect(peach.isRunning, "\(peach.transcript)")
            // Two trials' worth of time with no training line.
            let late = try? peach.expectLine(timeout: .seconds(3), "a training line", Self.trainingLine)
            #expect(late == nil, "training went on after the loss: \(peach.transcript)")
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            #expect(!peach.stderr.text.contains("Fatal error"), "\(peach.transcript)")
        }
    }
}
