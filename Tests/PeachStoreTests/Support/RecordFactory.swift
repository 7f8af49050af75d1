import Foundation
import PeachCore
import PeachStore
import PeachDisciplines
import PeachTestSupport
import PeachFormats

/// A millisecond-exact date (the log keeps milliseconds): 2026-03-03T14:30:00Z plus `ms`.
func date(ms: Int64 = 0) -> Date { UTCMilliseconds(value: 1_772_548_200_000 + ms).date }

func note(_ number: Int) -> MIDINote { MIDINote(number)! }

func makeComparison(ms: Int64 = 0, reference: Int = 60, target: Int? = nil, intended: Double = 15.5,
                    presented: Double? = nil, answeredHigher: Bool = true, isCorrect: Bool = true,
                    interval: Interval = .perfectUnison, tuning: TuningSystem = .equalTemperament,
                    hertz: Double = 440, velocity: Int? = 90, output: String? = "FLUID Synth (1234)") -> ComparisonRecord {
    ComparisonRecord(timestamp: date(ms: ms), referenceNote: note(reference), targetNote: note(target ?? reference),
                     intendedCentOffset: Cents(intended), presentedCentOffset: Cents(presented ?? intended),
                     answeredHigher: answeredHigher, isCorrect: isCorrect, interval: interval, tuningSystem: tuning,
                     referencePitch: ReferencePitch(hertz: hertz)!, velocity: velocity.flatMap { MIDIVelocity($0) },
                     outputName: output)
}

func makePitchMatching(ms: Int64 = 0, reference: Int = 60, target: Int? = nil, initial: Double = 25,
                       error: Double = 3.2, interval: Interval = .perfectUnison,
                       tuning: TuningSystem = .equalTemperament, hertz: Double = 440,
                       mode: ControllerMode? = .cc14) -> PitchMatchingRecord {
    PitchMatchingRecord(timestamp: date(ms: ms), referenceNote: note(reference), targetNote: note(target ?? reference),
                        initialCentOffset: Cents(initial), userCentError: Cents(error), interval: interval,
                        tuningSystem: tuning, referencePitch: ReferencePitch(hertz: hertz)!, controllerMode: mode)
}

/// Every field varied away from its default, both kinds.
func variedRecords() -> [TrainingRecord] {
    [
        .comparison(makeComparison(ms: 1, reference: 21, target: 28, intended: -0.1, presented: -0.09765625,
                                   answeredHigher: false, isCorrect: true, interval: .majorThird,
                                   tuning: .justIntonation, hertz: 415.3, velocity: 1, output: "Tab\there\\back\nline")),
        .comparison(makeComparison(ms: 2, reference: 108, intended: 33.333333333333336, presented: 1e-05,
                                   answeredHigher: false, isCorrect: false, hertz: 500, velocity: nil, output: nil)),
        .comparison(makeComparison(ms: 999, reference: 0, target: 12, intended: 12.5, interval: .octave,
                                   velocity: 127, output: "Ünïcödé synth 🎹")),
        .pitchMatching(makePitchMatching(ms: 1_000, reference: 127, initial: -49.75, error: 0.0, hertz: 380, mode: nil)),
        .pitchMatching(makePitchMatching(ms: 86_400_123, reference: 48, target: 55, initial: 20, error: -7.123456789,
                                         interval: .perfectFifth, tuning: .justIntonation, mode: .keyboard)),
    ]
}
