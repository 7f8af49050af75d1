import Foundation
import PeachCore
import PeachDisciplines

/// Records of every registered discipline for the registry test: a new discipline adds its own here, or the
/// registry test fails and names it. `csvExact` records hold only what iOS Peach's CSV carries (no presented
/// offset, output name, velocity, reference pitch or pitch basis), so they come back from an export unchanged.
enum DisciplineSamples {
    struct Sample {
        var record: TrainingRecord
        var csvExact: Bool
    }

    static func samples(of kind: DisciplineKind) -> [Sample]? {
        [.comparison: comparisons, .pitchMatching: pitchMatchings, .thresholdTest: thresholdTests,
         .compareTiming: compareTimings, .fillTheGap: fillTheGaps][kind]
    }

    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_772_548_200 + seconds) }

    static let comparisons: [Sample] = [
        Sample(record: TrainingRecord(ComparisonRecord(
            timestamp: date(0.123), referenceNote: MIDINote(60)!, targetNote: MIDINote(60)!, intendedCentOffset: Cents(12.5),
            presentedCentOffset: Cents(12.4), answeredHigher: true, isCorrect: true, referencePitch: ReferencePitch(hertz: 442)!,
            velocity: MIDIVelocity(90), outputName: "FLUID Synth (1234)\twith a tab", pitchBasis: .measured)), csvExact: false),
        Sample(record: TrainingRecord(ComparisonRecord(
            timestamp: date(7), referenceNote: MIDINote(62)!, targetNote: MIDINote(55)!, intendedCentOffset: Cents(-3.25),
            presentedCentOffset: Cents(-3.25), answeredHigher: true, isCorrect: false, interval: .perfectFifth,
            tuningSystem: .justIntonation)), csvExact: true),
    ]

    static let pitchMatchings: [Sample] = [
        Sample(record: TrainingRecord(PitchMatchingRecord(
            timestamp: date(20.5), referenceNote: MIDINote(64)!, targetNote: MIDINote(64)!, initialCentOffset: Cents(-25),
            userCentError: Cents(3.2), controllerMode: .cc14, pitchBasis: .assumed)), csvExact: false),
        Sample(record: TrainingRecord(PitchMatchingRecord(
            timestamp: date(31), referenceNote: MIDINote(60)!, targetNote: MIDINote(64)!, initialCentOffset: Cents(18),
            userCentError: Cents(-1.75), interval: .majorThird)), csvExact: true),
    ]

    static let thresholdTests: [Sample] = [
        Sample(record: TrainingRecord(ThresholdTestRecord(
            timestamp: date(40), noteRange: MIDINote(48)!...MIDINote(72)!, trials: 60, median: Cents(6.3),
            lower: Cents(4.9), upper: Cents(8.1), isConclusive: true,
            conduct: ThresholdTestConduct(precision: 2.5, reachedPrecision: true, startedFromTrainedSlope: false))),
               csvExact: false),
    ]

    static let compareTimings: [Sample] = [
        Sample(record: TrainingRecord(CompareTimingRecord(timestamp: date(50.25), tempo: TempoBPM(120)!,
                                                          offset: Milliseconds(-12.5), answeredLate: false, isCorrect: true,
                                                          outputName: "Midi Through")), csvExact: false),
        Sample(record: TrainingRecord(CompareTimingRecord(timestamp: date(55), tempo: TempoBPM(84)!,
                                                          offset: Milliseconds(7.25), answeredLate: false, isCorrect: false)),
               csvExact: true),
    ]

    static let fillTheGaps: [Sample] = [
        Sample(record: TrainingRecord(FillTheGapRecord(
            timestamp: date(60.5), tempo: TempoBPM(90)!, meanOffset: Milliseconds(-3.5),
            meanOffsetByPosition: [Milliseconds(-1), nil, Milliseconds(-6), Milliseconds(-3.5)], hits: 14, gaps: 16,
            kernelStamped: true, outputName: "FLUID Synth (1234)")), csvExact: false),
        Sample(record: TrainingRecord(FillTheGapRecord(
            timestamp: date(70), tempo: TempoBPM(160)!, meanOffset: Milliseconds(8.25),
            meanOffsetByPosition: [Milliseconds(8.25), nil, nil, nil])), csvExact: true),
        Sample(record: TrainingRecord(FillTheGapRecord(
            timestamp: date(80), tempo: TempoBPM(60)!, meanOffset: nil, meanOffsetByPosition: [nil, nil, nil, nil],
            hits: 0, gaps: 16, kernelStamped: false)), csvExact: false),
    ]
}
