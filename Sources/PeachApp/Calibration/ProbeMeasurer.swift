import Foundation
import PeachAudio
import PeachCore
import PeachMIDI

/// Reads each calibration probe's pitch from a recording of the sequence.
enum ProbeMeasurer {
    /// `onset`: where the sequence's time zero lies in the recording, in seconds (0 for an offline render).
    static func measure(_ probes: [CalibrationProbe], samples: [Double], sampleRate: Double,
                        onset: Double = 0) -> [CalibrationMeasurement] {
        probes.map { probe in
            let window = probe.windowMilliseconds
            let from = onset + Double(window.lowerBound) / 1000, to = onset + Double(window.upperBound) / 1000
            let key = DetunedMIDINote(note: probe.note).frequency()
            func attempt(_ expected: Cents) -> ToneMeasurement? {
                ToneMeasurer.measure(samples, sampleRate: sampleRate, from: from, to: to,
                                     near: key.shifted(by: expected).hertz, searchCents: 60)
            }
            // A synth that ignores RPN 0 bends a sixth as far: look there when the nominal guess finds
            // no peak inside its search (it ends at the edge).
            var found = attempt(probe.nominalOffset)
            if let tone = found, probe.purpose == .bendScale,
               abs(Cents.between(key.shifted(by: probe.nominalOffset), and: Frequency(tone.frequency)).value) > 55 {
                let powerOn = Double(SynthProfile.powerOnBendRange.semitones) / Double(probe.declaredRange.semitones)
                found = attempt(probe.nominalOffset * powerOn)
            }
            guard let tone = found else { return CalibrationMeasurement(probe: probe, sounded: nil) }
            return CalibrationMeasurement(probe: probe, sounded: Cents.between(key, and: Frequency(tone.frequency)),
                                          wander: Cents(tone.wanderCents))
        }
    }
}
