import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// A bend-sweep note that sounds 40–58 c below its nominal pitch (a synth bending 3 % short): the
/// narrow search window around the nominal pitch holds only side lobes of it, whose maximum must
/// not be taken for the note (it used to be, 10–15 c off the nominal pitch, and tilted the bend scale).
@Suite struct ProbeMeasurerTests {
    @Test(arguments: [-42.7, -50.4, -54.0, -58.1 + 1, -14.0])
    func aToneOutsideTheNarrowSearchIsFoundNotItsSideLobe(centsBelowNominal: Double) throws {
        let sequence = CalibrationSequence(keys: MIDINote(60)!...MIDINote(60)!, instrument: .piano, bendRange: .default)
        let probe = try #require(sequence.probes.first { $0.purpose == .bendScale && $0.bend.value == 8190 })
        let sampleRate = 44100.0
        let sounded = probe.nominalOffset.value + centsBelowNominal
        let frequency = DetunedMIDINote(note: probe.note, offset: Cents(sounded)).frequency().hertz
        let start = Int(Double(probe.startMilliseconds) / 1000 * sampleRate)
        let length = Int(Double(probe.durationMilliseconds) / 1000 * sampleRate)
        var samples = [Double](repeating: 0, count: start + length + 4410)
        for index in 0..<length { samples[start + index] = 0.2 * sin(2 * Double.pi * frequency * Double(index) / sampleRate) }

        let measurement = ProbeMeasurer.measure(probe, samples: samples, sampleRate: sampleRate, onset: 0)
        let measured = try #require(measurement.sounded, "not measured")
        #expect(abs(measured.value - sounded) < 0.05, "measured \(measured.value), sounded \(sounded)")
    }
}
