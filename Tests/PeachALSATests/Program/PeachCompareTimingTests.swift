import Foundation
import Glibc
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// End to end (docs/rhythm-timing.md): `peach` plays compare timing to a capture synth, which the kernel stamps
    /// each click for on its own queue clock. Every record's offset must be the offset that was played: the fourth
    /// click's time less where the grid of the first three puts it, as the capture heard them.
    @Suite struct PeachCompareTimingTests {
        static let trials = 5

        @Test(arguments: [60, 120, 200])
        func everyRecordStatesTheOffsetTheKernelPlayed(tempo: Int) throws {
            let directory = try PeachProgram.temporaryDirectory(config: PeachProgram.defaultConfig + """
                [rhythm]
                tempo = \(tempo)

                """)
            let synth = try TestClient(name: "Click Capture", portName: "synth", writable: true, synthesizer: true)
            let peach = try PeachRun(["--plain", "--synth", "external", "--port", "\(synth.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            try peach.expectLine(prefix: "start:", anywhere: true)
            _ = synth.receive(idle: .milliseconds(300), limit: .seconds(5))
            try peach.send("ct")
            var played: [Double] = []
            for _ in 0..<Self.trials {
                try peach.expectLine(prefix: "the fourth click", timeout: .seconds(30))
                played.append(try Self.playedOffset(synth, sixteenth: 15_000_000_000 / UInt64(tempo)))
                try peach.send("l")
            }
            _ = try peach.expectLine(timeout: .seconds(30), "the last verdict") { $0.hasSuffix("of \(Self.trials) correct)") }
            try peach.send("s")
            try peach.send("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")

            // compareTiming, timestamp, tempo, offset ms, early|late, correct|wrong, output
            let recorded = try PeachProgram.logRecords(directory).filter { $0.first == "compareTiming" }.compactMap { Double($0[3]) }
            print("compare timing at \(tempo) BPM: recorded \(recorded) ms, played \(played.map { (($0 * 1000).rounded()) / 1000 }) ms")
            #expect(recorded.count == Self.trials, "\(peach.transcript)")
            for (record, heard) in zip(recorded, played) {
                #expect(abs(record - heard) < 0.1, "recorded \(record) ms, played \(heard) ms at \(tempo) BPM")
            }
        }

        /// The pattern's four clicks as the capture received them (kernel-stamped); the fourth's offset from one
        /// sixteenth after the third, in ms (the pattern's first click may leave late: docs/rhythm-timing.md).
        static func playedOffset(_ synth: TestClient, sixteenth: UInt64) throws -> Double {
            var clicks: [UInt64] = []
            let deadline = ContinuousClock.now + .seconds(10)
            while clicks.count < 4, ContinuousClock.now < deadline {
                clicks += synth.receive(idle: .milliseconds(20), limit: .milliseconds(200)).compactMap {
                    if case .noteOn(_, _, let velocity) = $0.event, velocity > 0 { return $0.time }
                    return nil
                }
            }
            guard clicks.count == 4 else { throw TestClient.Failure(description: "heard \(clicks.count) clicks of a pattern, not 4") }
            #expect(abs(Double(clicks[2]) - Double(clicks[1]) - Double(sixteenth)) < 250_000,
                    "the steady clicks a sixteenth apart: \(clicks)")
            return (Double(clicks[3]) - Double(clicks[2]) - Double(sixteenth)) / 1_000_000
        }
    }
}
