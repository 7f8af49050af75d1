import Foundation
import PeachALSA
import PeachApp
import PeachCore
import PeachMIDI
import PeachTrainer
import Testing

extension RealSequencerTests {
    /// The synth's MIDI-to-sound latency (docs/synth-calibration.md, "MIDI-to-sound latency"):
    /// `peach calibrate --capture --latency-only` against the test synth (with 256-frame periods: a steadier latency
    /// than its default 25 ms periods, so a smaller step shows), into a calibration stored before (whose pitch figures
    /// each run must keep), once as it is and once with `--delay-ms 30`, which makes every event take effect 30 ms of
    /// audio later, to the frame. (A whole calibration's latency, stored with its pitch figures, is checked by
    /// `PeachTestSynthCalibrationTests`; measuring it here too cost a minute of the VM suite.) Peach's second latency must
    /// have moved from the first by what the synth's own account moved, within the medians' uncertainty (an
    /// error that differs from run to run shows there): that is 30 ms plus however differently full the
    /// synth's buffer ran in the two runs (its own accounts moved 27.4–30.2 ms in four runs, so
    /// "exactly 30 ms" failed on the synth, not on Peach). Each must also lie where the test synth's playback buffer puts it (`expectedLatency`),
    /// and agree with the synth's own account of the same clicks (`--report-latency`: each event's arrival
    /// stamped by the sequencer on a queue of the synth's, each note's first frame placed by the playback's
    /// timestamps, in C, apart from Peach's code) within `agreement`, so a bias common to both runs shows
    /// too: the old placement by the start of reading came out 2.6–2.7 ms late against it and failed; an
    /// error under about 1.5 ms passes (docs/synth-calibration.md, "Tests").
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

        /// The test synth reads MIDI between writes of 256-frame chunks into a full buffer, and a full buffer
        /// lets a write through once per period, at the loopback timer's next tick (4 ms at HZ 250): a note's
        /// sound starts between (buffer − period − chunk) and (buffer − chunk + period) frames plus a tick
        /// after its event arrives, ±1 ms; `buffer` and `period` as it printed them.
        static func expectedLatency(buffer: Int, period: Int, extra: Double) -> ClosedRange<Double> {
            let milliseconds = { (frames: Int) in Double(frames) / 44.1 }
            return (milliseconds(buffer - period - 256) - 1 + extra)...(milliseconds(buffer - 256 + period) + 4 + 1 + extra)
        }

        /// Peach's median minus the synth's own: the onset detector finds a 5 ms linear attack 0.1–0.3 ms
        /// after its first frame, and the queue delivers a click a few hundredths of a millisecond after its time.
        static let agreement = -0.5...1.5

        static let config = """
        [training]
        lowest_note = A4
        highest_note = A4

        """

        static let synthName = "Latency Synth"

        /// A directory holding a stored calibration of the test synth (its pitch figures as a whole calibration
        /// finds them, with no latency), for `--latency-only` to put its figure into.
        static func directoryWithStoredCalibration() throws -> URL {
            let directory = try PeachProgram.temporaryDirectory(config: config)
            let calibration = SynthCalibration(synthName: synthName, date: "2026-11-28", centsPerBendSemitone: 100,
                                               pitchResolution: .zero, rounding: .down, honoursBendRange: true,
                                               keyTuning: KeyTuning(offsets: [:]), bendRange: .default)
            try CalibrationCache(directory: directory.appendingPathComponent("calibration").path)
                .save(calibration, for: CalibrationCache.key(synth: synthName, instrument: .piano, bendRange: .default))
            return directory
        }

        /// Stops the synth and reads its "CLICK-LATENCY" lines: their median and count.
        static func ownAccount(of synth: ImperfectSynth) throws -> (median: Double, count: Int) {
            synth.stopAndWaitForReport()
            let values = synth.transcript.split(separator: "\n").compactMap { line -> Double? in
                line.hasPrefix("CLICK-LATENCY ") ? Double(line.dropFirst("CLICK-LATENCY ".count)) : nil
            }.sorted()
            let middle = try #require(values.isEmpty ? nil : values.count / 2, "no CLICK-LATENCY lines: \(synth.transcript)")
            let median = values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
            return (median, values.count)
        }

        struct LatencyFigures: CustomStringConvertible {
            var median: Double
            var spread: Double
            var count: Int
            var description: String { String(format: "median %.2f ms, spread %.2f ms, %d clicks", median, spread, count) }
        }

        @Test func aKnownExtraDelayMovesTheMeasuredLatencyByJustThat() async throws {
            #expect(LoopbackRequirement.present, "snd-aloop is not loaded (scripts/run-in-alsa-vm.sh -M snd-aloop)")
            guard LoopbackRequirement.present else { return }
            let directory = try Self.directoryWithStoredCalibration()
            let plain = try await calibrate(options: ["--period-frames", "256", "--report-latency"], extra: 0, into: directory)
            // The same synth with its sound delayed.
            let delayed = try await calibrate(options: ["--period-frames", "256", "--report-latency", "--delay-ms", String(Self.extraDelay)],
                                              extra: Self.extraDelay, into: directory)
            let moved = delayed.measured.median - plain.measured.median
            let synthMoved = delayed.ownMedian - plain.ownMedian
            let tolerance = Self.tolerance(plain.measured, delayed.measured)
            print("synth latency: test synth (256-frame periods) \(plain.measured); with --delay-ms 30 \(delayed.measured); "
                  + "moved \(String(format: "%.2f", moved)) ms, the synth's own account \(String(format: "%.2f", synthMoved)) ms "
                  + "(tolerance ±\(String(format: "%.2f", tolerance)) ms)")
            #expect(abs(moved - synthMoved) <= tolerance, "moved \(moved) ms, the synth's own account \(synthMoved) ms, ±\(tolerance)")
            #expect(tolerance <= 5, "the medians are too uncertain to check a 30 ms step: ±\(tolerance) ms")
        }

        typealias Calibrated = (measured: LatencyFigures, ownMedian: Double)

        /// `calibrateOnce`, once more when the reference was disturbed (`disturbance`). Peach's own figure is
        /// checked on every run, the first included; a broken reference is not what this test is about.
        func calibrate(options: [String], extra: Double, into directory: URL) async throws -> Calibrated {
            if let first = try await calibrateOnce(options: options, extra: extra, into: directory, lastTry: false) { return first }
            print("synth latency: one more run with a fresh synth")
            return try #require(try await calibrateOnce(options: options, extra: extra, into: directory, lastTry: true))
        }

        /// Why the test synth's own account (the reference) cannot be trusted for this run, nil when it can:
        /// - it lies outside where the synth's own buffer puts it: in two full-suite runs on 2026-11-27 (never
        ///   alone) it came out about 1.5 ms, a whole buffer short, while Peach's figure lay where it belonged;
        /// - the synth's playback underran: its stream restarted after a gap, and its account of the clicks after
        ///   the restart rests on that stretch's own few stamps. In a CI run on 2026-11-27 (one underrun) it came out
        ///   1.28 ms later than Peach's; in 13 other runs that day every account within its buffer's range agreed
        ///   within −0.70…+0.90 ms (docs/synth-calibration.md, "Tests").
        static func disturbance(ownMedian: Double, expected: ClosedRange<Double>, underruns: Int) -> String? {
            if !expected.contains(ownMedian) { return "the synth's own account lies outside its buffer's range" }
            if underruns > 0 { return "the synth's playback underran \(underruns) time(s)" }
            return nil
        }

        /// The synth's "UNDERRUNS n" line (printed when it stops).
        static func underruns(of synth: ImperfectSynth) throws -> Int {
            try #require(synth.underruns, "no UNDERRUNS line: \(synth.transcript)")
        }

        /// One `--latency-only` run against a fresh test synth, into `directory`; its latency, from the JSON and the
        /// stored file, which must lie where the synth's buffer puts it (plus `extra`), must replace the latency the
        /// stored calibration holds, and must keep every pitch figure. Nil (unless `lastTry`) when the reference was
        /// disturbed.
        func calibrateOnce(options: [String], extra: Double, into directory: URL, lastTry: Bool) async throws -> Calibrated? {
            let name = Self.synthName
            let synth = try ImperfectSynth(name: name, options: options)
            defer { synth.stop() }
            let (buffer, period) = try synth.playbackSizes()
            let expected = Self.expectedLatency(buffer: buffer, period: period, extra: extra)
            let cache = CalibrationCache(directory: directory.appendingPathComponent("calibration").path)
            let key = CalibrationCache.key(synth: name, instrument: .piano, bendRange: .default)
            let before = try #require(cache.load(key), "no stored calibration in \(directory.path)")
            let run = try PeachProgram.captureCalibration(["calibrate", "--capture", "hw:Loopback,1,0", "--port", name, "--json",
                                                           "--latency-only"] + PeachProgram.dataArguments(directory),
                                                          directory: directory)
            #expect(run.waitForExit(timeout: .seconds(500)) == 0, "\(run.transcript)\n\(synth.transcript)")
            print("synth latency (\(name)): \(run.stderr.text)")
            let figures = try PeachCaptureCalibrationTests.figures(run.stdout.text)
            #expect(figures["stored"] as? Bool == true, "\(run.stdout.text)")
            let latency = try #require(figures["latencyMs"] as? [String: Any], "no latency in \(run.stdout.text)")
            let measured = LatencyFigures(median: try #require(latency["median"] as? Double),
                                          spread: try #require(latency["spread"] as? Double),
                                          count: try #require(latency["count"] as? Int))
            #expect(measured.count >= 36, "clicks heard: \(measured)")
            #expect(expected.contains(measured.median), "\(measured), expected \(expected) (buffer \(buffer), period \(period))")
            print("synth latency (\(name)): buffer \(buffer), period \(period) frames: expected \(expected), \(measured)")
            let own = try Self.ownAccount(of: synth)
            print("synth latency (\(name)): the synth's own account: median \(String(format: "%.3f", own.median)) ms "
                  + "over \(own.count) clicks; Peach − synth \(String(format: "%+.3f", measured.median - own.median)) ms")
            print("synth latency (\(name)): " + synth.transcript.split(separator: "\n")
                .filter { $0.hasPrefix("UNDERRUNS") || $0.hasPrefix("ORIGIN") }.joined(separator: "; "))
            #expect(own.count == 40, "the synth saw \(own.count) clicks")
            if let disturbance = Self.disturbance(ownMedian: own.median, expected: expected, underruns: try Self.underruns(of: synth)) {
                print("synth latency (\(name)): \(disturbance)")
                if !lastTry { return nil }
            }
            #expect(expected.contains(own.median), "the synth's own account \(own.median) ms, expected \(expected)")
            #expect(Self.agreement.contains(measured.median - own.median),
                    "Peach \(measured.median) ms, the synth's own account \(own.median) ms")
            let after = try #require(cache.load(key))
            #expect(abs((after.latency?.median.value ?? .nan) - measured.median) < 1e-6, "stored \(String(describing: after.latency))")
            var kept = before
            kept.latency = after.latency
            #expect(after == kept, "--latency-only changed more than the latency: \(before) → \(after)")
            return (measured, own.median)
        }
    }
}
