import Foundation
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// Issue 6, end to end: one output service for the whole program. Moving between screens and
    /// between the two kinds of training never reopens the client and never re-sends the setup burst;
    /// stopping from a training screen fades expression (CC11) down before All Notes Off.
    @Suite struct PeachOutputServiceTests {
        static func isBendRangeSelect(_ received: TestClient.Received) -> Bool {
            if case .controlChange(_, MIDIController.rpnMSB, 0) = received.event { return true }
            return false
        }

        @Test func screenChangesKeepOneClientAndOneSetupBurstAndAStopFades() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let synth = try TestClient(name: "Capture Synth", portName: "synth", writable: true, synthesizer: true)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(synth.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            var heard = synth.receive(idle: .milliseconds(500), limit: .seconds(20))
            let channels = Set(heard.filter(Self.isBendRangeSelect).map(\.event.channel))
            #expect(channels.count == 2, "RPN 0 selected once on each of the two channels at connect: \(heard)")

            for command in ["c", "s", "m", "s", "p", "s", "i", "s", "c", "s"] {
                try peach.send(command)
                if command == "c" { try peach.expectLine(prefix: "note 2") }
                if command == "m" { try peach.expectLine(prefix: "tune now") }
                // Read as a synth does, all along: a full input drops what comes after it.
                heard += synth.receive(idle: .milliseconds(50), limit: .seconds(5))
            }
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            heard += synth.receive(idle: .milliseconds(500), limit: .seconds(20))

            let bendRangeSelections = heard.filter(Self.isBendRangeSelect)
            #expect(bendRangeSelections.count == 2, "the setup burst went out once, not per screen: \(bendRangeSelections)")
            let sources = Set(heard.map(\.source))
            #expect(sources.count == 1, "one client and port for the whole run: \(sources)")
            // A stop the user asks for fades: expression steps down before the notes are cut.
            let expression = heard.compactMap { received -> UInt8? in
                if case .controlChange(_, MIDIController.expression, let value) = received.event { return value }
                return nil
            }
            #expect(expression.contains { $0 > 0 && $0 < 90 }, "no CC11 fade steps: \(expression)")
            #expect(heard.contains { received in
                if case .controlChange(_, MIDIController.allNotesOff, _) = received.event { return true }
                return false
            })
        }

        /// A synth that stops reading (hung) fills its input; Peach then drops what it cannot deliver,
        /// and every stop and the quit still end promptly instead of waiting on the synth for ever.
        @Test func aSynthThatStopsReadingNeverHoldsUpTheQuit() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let synth = try TestClient(name: "Hung Synth", portName: "synth", writable: true, synthesizer: true)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(synth.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            // Never read: each start and stop sends notes, fades and silences until the input is full.
            var noticed = false
            for _ in 0..<20 where !noticed {
                try peach.send("c")
                let line = try peach.expectLine("a second note or the stop") {
                    $0.hasPrefix("note 2") || $0.hasPrefix("! Training stopped")
                }
                noticed = line.contains("the synth is not taking MIDI events")
                if !noticed { try peach.send("s") }
            }
            #expect(noticed, "training went on against a synth that reads nothing: \(peach.transcript)")
            try peach.send("q")
            #expect(peach.waitForExit(timeout: .seconds(20)) == 0, "\(peach.transcript)")
            withExtendedLifetime(synth) {}
        }
    }
}
