import Foundation
import PeachApp
import PeachAudio
import PeachCore
import PeachMIDI
import PeachTrainer

/// Figure 4: what synth calibration buys, offline (FluidSynth rendering a MIDI file with `-F`; no
/// sequencer, so it runs on the host).
///
/// FluidR3 (GM program 0 unless PEACH_BENCH_PROGRAM=n), training range C2–C6. First the calibration
/// itself (its wall time is a figure). Then one target per key: the key plus a random offset in
/// ±45 c. Each target is placed twice, by the built-in `SynthProfile.fluidSynth2` (bend scale and
/// floor known, every key assumed in tune) and by the calibrated profile (measured scale, floor and
/// each key's tuning), rendered in one file and measured absolutely (`ToneMeasurer`, A4 = 440 Hz).
/// Errors in cents, over keys:
///   vs presented = sounded − the pitch the player says it presented (what Peach scores and records);
///   vs intended = sounded − the pitch the session asked for.
enum CalibrationBenchmark {
    static let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

    static func run(report: BenchReport, short: Bool) async {
        do {
            try await measure(report: report, keys: short ? MIDINote(55)!...MIDINote(72)! : MIDINote(36)!...MIDINote(84)!)
        } catch {
            report.unmeasurable("calibration", "\(error)")
        }
    }

    static func measure(report: BenchReport, keys: ClosedRange<MIDINote>) async throws {
        guard FileManager.default.fileExists(atPath: soundFont) else { throw BenchError("\(soundFont) missing (fluid-soundfont-gm)") }
        let program = Int(ProcessInfo.processInfo.environment["PEACH_BENCH_PROGRAM"] ?? "") ?? 0
        let calibrator = FluidSynthCalibrator(soundFont: soundFont, plan: CalibrationPlan(
            instrument: InstrumentSelection(program: program), bendRange: .default, keys: keys))
        let started = monotonicNanoseconds()
        let calibration = try await calibrator.calibrate()
        let seconds = Double(monotonicNanoseconds() - started) / 1e9
        report.add("calibration", "FluidSynth calibration wall time", seconds, "s", goal: "a few seconds", met: seconds < 10,
                   note: "\(calibrator.sequence.probes.count) notes, \(keys.noteCount) keys, program \(program): \(calibration.summary)")
        report.add("calibration", "measured bend scale", calibration.centsPerBendSemitone, "c/semitone",
                   goal: "99.22 ± 0.1 (FluidSynth 2.3.1)", met: abs(calibration.centsPerBendSemitone - 99.22) <= 0.1)

        let tunings = [BendTuning(range: .default, profile: .fluidSynth2),
                       BendTuning(range: .default, profile: calibration.profile(basedOn: .fluidSynth2))]
        var random = SeededGenerator(seed: 2211)
        let targets = keys.notes.map { key in
            DetunedMIDINote(note: key, offset: Cents((Double.random(in: -45...45, using: &random) * 1000).rounded() / 1000)).frequency()
        }
        let channel = MIDIChannel(0)!
        var events = SynthSetup.channel(channel, instrument: calibrator.plan.instrument, bendRange: .default)
            .map { StandardMIDIFile.TimedEvent(milliseconds: 0, event: $0) }
        var notes: [(start: Double, target: Frequency, presented: Frequency, profile: Int)] = []
        var now = 300
        for (index, tuning) in tunings.enumerated() {
            for target in targets {
                let placed = tuning.placement(of: target)
                events += [.init(milliseconds: now, event: .pitchBend(channel: channel, bend: placed.bend)),
                           .init(milliseconds: now, event: .noteOn(channel: channel, note: placed.note, velocity: CalibrationSequence.velocity)),
                           .init(milliseconds: now + 500, event: .controlChange(channel: channel, controller: MIDIController.allSoundOff, value: 0))]
                notes.append((Double(now) / 1000, target, tuning.presentedFrequency(of: placed), index))
                now += 600
            }
        }
        let wav = try calibrator.render(StandardMIDIFile(events: events, endMilliseconds: now + 200))
        var errors: [[(intended: Double, presented: Double)]] = [[], []]
        for note in notes {
            guard let tone = ToneMeasurer.measure(wav.samples, sampleRate: wav.sampleRate, from: note.start + 0.125,
                                                  to: note.start + 0.48, near: note.target.hertz) else {
                throw BenchError("a note at \(note.start) s is silent")
            }
            let sounded = Frequency(tone.frequency)
            errors[note.profile].append((Cents.between(note.target, and: sounded).value, Cents.between(note.presented, and: sounded).value))
        }
        for (index, name) in ["before calibration (built-in fluidSynth2)", "after calibration"].enumerated() {
            for (kind, pick) in [("vs presented", { (e: (intended: Double, presented: Double)) in e.presented }),
                                 ("vs intended", { (e: (intended: Double, presented: Double)) in e.intended })] {
                let magnitudes = errors[index].map(pick).map(abs)
                let isGoal = index == 1
                report.add("calibration", "\(name) \(kind) |error| mean", magnitudes.reduce(0, +) / Double(magnitudes.count), "cents")
                report.add("calibration", "\(name) \(kind) |error| p95", percentile(magnitudes, 95), "cents",
                           goal: isGoal ? (kind == "vs presented" ? "≤ 0.3 c" : "≤ 0.5 c (the whole-cent floor, rounded)") : nil,
                           met: isGoal ? percentile(magnitudes, 95) <= (kind == "vs presented" ? 0.3 : 0.5 + 0.05) : nil)
                report.add("calibration", "\(name) \(kind) |error| max", magnitudes.max() ?? .nan, "cents")
            }
        }
    }
}
