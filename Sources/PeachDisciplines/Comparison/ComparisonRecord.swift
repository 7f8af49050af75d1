import Foundation
import PeachCore

extension DisciplineKind {
    /// Comparison's kind: what every comparison trial claims (`CompletedComparison.recordKind`), the threshold
    /// test's included, and what its records, codecs and reports are filed under.
    public static let comparison = DisciplineKind("comparison", name: "comparison")
}

/// A persisted answered comparison: everything needed to rebuild the profile and to export.
public struct ComparisonRecord: Hashable, Sendable, Codable {
    public var timestamp: Date
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    /// The offset Peach asked for.
    public var intendedCentOffset: Cents
    /// The offset the synth could really present (synth profile); what the listener heard.
    public var presentedCentOffset: Cents
    public var answeredHigher: Bool
    public var isCorrect: Bool
    public var interval: Interval
    public var tuningSystem: TuningSystem
    public var referencePitch: ReferencePitch
    public var velocity: MIDIVelocity?
    /// The synth or port the notes went to, e.g. "FLUID Synth (1234)"; nil for imported records.
    public var outputName: String?
    /// What the presented offset rests on (a measured synth, a built-in profile, or nothing measured); nil when
    /// unknown: recorded before records stated it, or imported.
    public var pitchBasis: PitchBasis?

    public init(timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, intendedCentOffset: Cents,
                presentedCentOffset: Cents, answeredHigher: Bool, isCorrect: Bool,
                interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament,
                referencePitch: ReferencePitch = .standard, velocity: MIDIVelocity? = nil, outputName: String? = nil,
                pitchBasis: PitchBasis? = nil) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.intendedCentOffset = intendedCentOffset
        self.presentedCentOffset = presentedCentOffset
        self.answeredHigher = answeredHigher
        self.isCorrect = isCorrect
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.referencePitch = referencePitch
        self.velocity = velocity
        self.outputName = outputName
        self.pitchBasis = pitchBasis
    }

    public init(_ completed: CompletedComparison, outputName: String?, pitchBasis: PitchBasis? = nil) {
        self.init(timestamp: completed.timestamp, referenceNote: completed.comparison.referenceNote,
                  targetNote: completed.comparison.targetNote, intendedCentOffset: completed.comparison.centOffset,
                  presentedCentOffset: completed.presentedCentOffset, answeredHigher: completed.answeredHigher,
                  isCorrect: completed.isCorrect, interval: completed.comparison.interval,
                  tuningSystem: completed.comparison.tuningSystem, referencePitch: completed.referencePitch,
                  velocity: completed.velocity, outputName: outputName, pitchBasis: pitchBasis)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.comparison, interval: interval, tuningSystem: tuningSystem)
    }
}

extension ComparisonRecord: DisciplineRecord {
    public static var kind: DisciplineKind { .comparison }
    public static func makeStatistics() -> any DisciplineStatistics { ComparisonStatistics() }
    /// What the listener heard: the adaptive strategy lowers it as the user hears finer.
    public var trendError: Cents? { presentedCentOffset }
}

extension ThresholdTrial {
    /// The reference note and what the listener really heard (the presented offset).
    public init(_ record: ComparisonRecord) {
        self.init(note: record.referenceNote, difference: record.presentedCentOffset, correct: record.isCorrect)
    }
}
