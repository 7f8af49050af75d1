import Foundation
@testable import PeachApp
import PeachAudio
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
import PeachText
import Synchronization
@testable import PeachTrainer
import Testing


/// FluidSynth 2.3.1 rendered offline (`fluidsynth -F`, no sequencer): calibration must find the
/// known facts, agree with an independent measurement of each key, and make Peach's notes land.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: soundFont) && FileManager.default.isExecutableFile(atPath: "/usr/bin/fluidsynth")))
struct FluidSynthCalibrationTests {
    @Test func findsFluidSynthsBendScaleFloorAndRPN() async throws {
        let result = try await pianoCalibration.value
        #expect(abs(result.centsPerBendSemitone - 99.22) <= 0.1, "measured \(result.centsPerBendSemitone)")
        #expect(result.pitchResolution == Cents(1))
        #expect(result.rounding == .down)
        #expect(result.honoursBendRange)
        #expect(result.uncorrectableKeys.isEmpty)
        #expect(result.synthName.hasPrefix("FluidSynth"))
    }

    /// The status lines speak the user's language: German showed "Kalibrierung: measuring 104 notes…".
    @Test func itsStatusLinesAreInTheUsersLanguage() async throws {
        let calibrator = makeCalibrator(keys: MIDINote(60)!...MIDINote(64)!)
        let lines = Mutex<[String]>([])
        _ = try await Localization.$override.withValue(.german) {
            try await calibrator.calibrate { line in lines.withLock { $0.append(line) } }
        }
        let notes = calibrator.sequence.probes.count
        #expect(lines.withLock { $0 } == ["FluidSynth rendert \(notes) Testtöne…", "messe \(notes) Töne…"])
    }

    /// The per-key table against a second rendering (other times, another channel, only these keys)
    /// measured by phase advance instead of the DTFT peak, over the same part of each note (a sampled
    /// note's pitch can drift through its length).
    @Test(arguments: [0, 4])  // acoustic grand, electric piano: presets whose pitch holds within a note
    func keyTableMatchesAnIndependentMeasurement(program: Int) async throws {
        let calibrator = makeCalibrator(program: program)
        let result = program == 0 ? try await pianoCalibration.value : try await calibrator.calibrate()
        let keys = [55, 57, 60, 64, 67, 69, 72].compactMap(MIDINote.init)
        let probe = calibrator.sequence.probes[0]
        let channel = MIDIChannel(5)!
        var events = SynthSetup.channel(channel, instrument: calibrator.plan.instrument, bendRange: .default)
            .map { StandardMIDIFile.TimedEvent(milliseconds: 0, event: $0) }
        for (index, key) in keys.enumerated() {
            let start = 700 + index * 900
            events += [.init(milliseconds: start, event: .noteOn(channel: channel, note: key, velocity: CalibrationSequence.velocity)),
                       .init(milliseconds: start + probe.durationMilliseconds, event: .noteOff(channel: channel, note: key, velocity: 64)),
                       .init(milliseconds: start + probe.durationMilliseconds, event: .controlChange(channel: channel, controller: 120, value: 0))]
        }
        let wav = try calibrator.render(StandardMIDIFile(events: events, endMilliseconds: 700 + keys.count * 900))
        let window = (probe.windowMilliseconds.lowerBound - probe.startMilliseconds)...(probe.windowMilliseconds.upperBound - probe.startMilliseconds)
        for (index, key) in keys.enumerated() {
            let start = 0.7 + Double(index) * 0.9
            let nominal = DetunedMIDINote(note: key).frequency()
            let measured = PhaseFrequencyEstimator.frequency(of: wav.samples, sampleRate: wav.sampleRate,
                                                             from: start + Double(window.lowerBound) / 1000,
                                                             to: start + Double(window.upperBound) / 1000, near: nominal.hertz)
            let independent = Cents.between(nominal, and: Frequency(measured))
            let calibrated = result.keyTuning.offset(of: key)
            #expect(abs((independent - calibrated).value) <= 0.3,
                    "program \(program) \(key.name): calibration \(calibrated), independent \(independent)")
        }
    }

    /// After calibration, notes Peach places (key + bend, corrected for the key's tuning and the bend
    /// scale) sound within FluidSynth's own 1-cent floor of what Peach says it presented.
    @Test func placedNotesSoundWhatThePlayerSaysItPresented() async throws {
        let calibrator = makeCalibrator()
        let tuning = BendTuning(range: .default, profile: try await pianoCalibration.value.profile(basedOn: .fluidSynth2))
        let targets = stride(from: -37.3, through: 37.3, by: 12.43).enumerated().map { index, cents in
            DetunedMIDINote(note: MIDINote(57 + 2 * index)!, offset: Cents(cents)).frequency()
        }
        let placements = targets.map { tuning.placement(of: $0) }
        let file = PlacedNoteSequence.midiFile(placements, channel: MIDIChannel(0)!, instrument: calibrator.plan.instrument)
        let wav = try calibrator.render(file)
        for (index, target) in targets.enumerated() {
            let start = PlacedNoteSequence.start(of: index)
            let presented = tuning.presentedFrequency(of: placements[index])
            let sounded = try #require(ToneMeasurer.measure(wav.samples, sampleRate: wav.sampleRate, from: start + 0.15, to: start + 0.58,
                                                             near: target.hertz)).frequency
            #expect(abs(Cents.between(presented, and: Frequency(sounded)).value) <= 0.3, "presented vs sounded, note \(index)")
            #expect(abs(Cents.between(target, and: Frequency(sounded)).value) <= 0.6, "target vs sounded, note \(index)")
        }
    }
}
