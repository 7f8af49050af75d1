import Foundation
import PeachAudio
import PeachCore
import PeachMIDI

/// Reads each calibration probe's pitch from a recording of the sequence, the probes spread over
/// the CPU's cores (each is independent; a debug build in an emulated VM needs it).
enum ProbeMeasurer {
    /// A key or bend lands within this of its nominal pitch on any usable synth (sample tuning,
    /// bend scale); a wider search is tried only when the peak sits at the edge of this one.
    static let narrowSearch = 20.0
    static let wideSearch = 60.0
    /// A side lobe of a Hann window holds at most 0.027 of its tone's peak; a real fundamental far more.
    static let minimumPeakShare = 0.05

    /// `onset`: where the sequence's time zero lies in the recording, in seconds (0 for an offline render).
    static func measure(_ probes: [CalibrationProbe], samples: [Double], sampleRate: Double,
                        onset: Double = 0) -> [CalibrationMeasurement] {
        let results = Results(count: probes.count)
        DispatchQueue.concurrentPerform(iterations: probes.count) { index in
            results.set(index, measure(probes[index], samples: samples, sampleRate: sampleRate, onset: onset))
        }
        return results.values.enumerated().map { $1 ?? CalibrationMeasurement(probe: probes[$0], sounded: nil) }
    }

    /// Where `probe` is measured in a recording whose sequence starts at `onset`, seconds.
    static func window(of probe: CalibrationProbe, onset: Double) -> (from: Double, to: Double) {
        let window = probe.windowMilliseconds
        return (onset + Double(window.lowerBound) / 1000, onset + Double(window.upperBound) / 1000)
    }

    static func measure(_ probe: CalibrationProbe, samples: [Double], sampleRate: Double, onset: Double) -> CalibrationMeasurement {
        let (from, to) = window(of: probe, onset: onset)
        let key = DetunedMIDINote(note: probe.note).frequency()
        /// The tone near `expected`, unless its peak is at the edge of the search (the tone is elsewhere).
        func tone(near expected: Cents, within search: Double) -> ToneMeasurement? {
            let guess = key.shifted(by: expected)
            guard let tone = ToneMeasurer.measure(samples, sampleRate: sampleRate, from: from, to: to,
                                                  near: guess.hertz, searchCents: search) else { return nil }
            // A maximum inside the window can still be a side lobe of a tone outside it (a bend 40 c off
            // its nominal pitch seen through the narrow search): such a peak carries almost no power.
            guard tone.peakShare > minimumPeakShare else { return nil }
            return abs(Cents.between(guess, and: Frequency(tone.frequency)).value) < search - 2 ? tone : nil
        }
        func tone(near expected: Cents) -> ToneMeasurement? {
            tone(near: expected, within: narrowSearch) ?? tone(near: expected, within: wideSearch)
        }
        // A synth that ignores RPN 0 bends the ±12 sweep only over ±2 semitones: a sixth as far.
        let powerOn = Double(SynthProfile.powerOnBendRange.semitones) / Double(probe.declaredRange.semitones)
        let found = tone(near: probe.nominalOffset)
            ?? (probe.purpose == .bendScale ? tone(near: probe.nominalOffset * powerOn) : nil)
        guard let found else { return CalibrationMeasurement(probe: probe, sounded: nil) }
        // A dropout makes the note unsteady: still a key's tuning, but not fine enough for the pitch grid.
        let wander = found.dropout ? max(found.wanderCents, 2 * CalibrationMeasurement.unsteadyWander.value) : found.wanderCents
        return CalibrationMeasurement(probe: probe, sounded: Cents.between(key, and: Frequency(found.frequency)),
                                      wander: Cents(wander))
    }
}

/// One slot per probe, filled from the worker threads.
private final class Results: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var slots: [CalibrationMeasurement?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: CalibrationMeasurement) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = value
    }

    var values: [CalibrationMeasurement?] {
        lock.lock(); defer { lock.unlock() }
        return slots
    }
}
