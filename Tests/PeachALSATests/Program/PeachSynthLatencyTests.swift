import Foundation
import PeachALSA
import PeachApp
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// The synth's MIDI-to-sound latency (docs/synth-calibration.md, "MIDI-to-sound latency"):
    /// `peach calibrate --capture` against the test synth (with 256-frame periods: a steadier latency than
    /// its default 25 ms periods, so a smaller step shows), once as it is and once with `--delay-ms 30`,
    /// which makes every event take effect 30 ms of audio later, to the frame. The second latency must
    /// be the first plus 30 ms: a capture placed by the start of reading (off by a capture period or
    /// more, differently each run), a queue clock read without its bracket, or clicks timed by sleeping
    /// would each move it by more than the tolerance. The first must be what the test synth's 100 ms
    /// playback buffer allows: above 0 and below the buffer plus a period.
    @Suite(.enabled(if: LoopbackRequirement.shouldRun))
    struct PeachSynthLatencyTests {
        static let extraDelay = 30.0
        /// Each median has a standard error of about 1.25 × spread / √count (the test synth takes events
        /// once per period: with 25 ms periods a spread of 7.5 ms was measured, with 256-frame periods 4.7 ms,
        /// so 0.9 ms); the difference of two, three times over. It must stay under 5 ms, a sixth of the step,
        /// for the check to mean anything.
        static func tolerance(_ first: LatencyFigures, _ second: LatencyFigures) -> Double {
            let error = { (figures: LatencyFigures) in 1.25 * figures.spread / Double(figures.count).squareRoot() }
            return max(1.0, 3 * (error(first) * error(first) + error(second) * error(second)).squareRoot())
        }

        static let config = """
        [training]
        lowest_note = A4
        highest_note = A4
        intervals = P5 up

        """

        struct LatencyFigures: CustomStringConvertible {
            var median: Double
            var spread: Double
            var count: Int
            var description: String { String(format: "median %.2f ms, spread %.2f ms, %d clicks", median, spread, count) }
        }

        @Test func aKnownExtraDelayMovesTheMeasuredLatencyByJustThat() async throws {
            #expect(LoopbackRequirement.present, "snd-aloop is not loaded (scripts/run-in-alsa-vm.sh -M snd-aloop)")
            guard LoopbackRequirement.present else { return }
            let plain = try await calibrate(name: "Latency Synth", options: ["--period-frames", "256"])
            let delayed = try await calibrate(name: "Latency Synth Delayed",
                                              options: ["--period-frames", "256", "--delay-ms", String(Self.extraDelay)])
            let moved = delayed.median - plain.median
            let tolerance = Self.tolerance(plain, delayed)
            print("synth latency: test synth (256-frame periods) \(plain); with --delay-ms 30 \(delayed); moved \(String(format: "%.2f", moved)) ms "
                  + "(tolerance ±\(String(format: "%.2f", tolerance)) ms)")
            #expect(abs(moved - Self.extraDelay) <= tolerance, "moved \(moved) ms, ±\(tolerance)")
            #expect(tolerance <= 5, "the medians are too uncertain to check a 30 ms step: ±\(tolerance) ms")
            #expect(plain.median > 0 && plain.median < 130, "\(plain)")
        }

        /// `peach calibrate --capture … --json` against a fresh test synth; its latency, from the JSON and the stored file.
        func calibrate(name: String, options: [String]) async throws -> LatencyFigures {
            let synth = try ImperfectSynth(name: name, options: options)
            defer { synth.stop() }
            let directory = try PeachProgram.temporaryDirectory(config: Self.config)
            let run = try PeachRun(["calibrate", "--capture", "hw:Loopback,1,0", "--port", name, "--json"]
                                   + PeachProgram.dataArguments(directory), directory: directory)
            #expect(run.waitForExit(timeout: .seconds(500)) == 0, "\(run.transcript)\n\(synth.transcript)")
            print("synth latency (\(name)): \(run.stderr.text)")
            let figures = try PeachCaptureCalibrationTests.figures(run.stdout.text)
            let latency = try #require(figures["latencyMs"] as? [String: Any], "no latency in \(run.stdout.text)")
            let measured = LatencyFigures(median: try #require(latency["median"] as? Double),
                                          spread: try #require(latency["spread"] as? Double),
                                          count: try #require(latency["count"] as? Int))
            #expect(measured.count >= 36, "clicks heard: \(measured)")
            let cache = CalibrationCache(directory: directory.appendingPathComponent("calibration").path)
            let stored = try #require(cache.load(CalibrationCache.key(synth: name, instrument: .piano, bendRange: .default)))
            #expect(abs((stored.latency?.median.value ?? .nan) - measured.median) < 1e-6, "stored \(String(describing: stored.latency))")
            return measured
        }
    }
}
