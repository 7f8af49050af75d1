import Foundation
import PeachCore

/// A persisted pitch-matching attempt.
public struct PitchMatchingRecord: Hashable, Sendable, Codable {
    public var timestamp: Date
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    public var initialCentOffset: Cents
    /// Signed; positive means the user tuned sharp.
    public var userCentError: Cents
    public var interval: Interval
    public var tuningSystem: TuningSystem
    public var referencePitch: ReferencePitch
    /// The input that last moved the note; nil for imported records and untouched commits.
    public var controllerMode: ControllerMode?
    /// What the pitch the error was measured from rests on (a measured synth, a built-in profile, or nothing
    /// measured); nil when unknown: recorded before records stated it, or imported.
    public var pitchBasis: PitchBasis?

    public init(timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, initialCentOffset: Cents,
                userCentError: Cents, interval: Interval = .perfectUnison,
                tuningSystem: TuningSystem = .equalTemperament, referencePitch: ReferencePitch = .standard,
                controllerMode: ControllerMode? = nil, pitchBasis: PitchBasis? = nil) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.referencePitch = referencePitch
        self.controllerMode = controllerMode
        self.pitchBasis = pitchBasis
    }

    public init(_ completed: CompletedPitchMatching, pitchBasis: PitchBasis? = nil) {
        self.init(timestamp: completed.timestamp, referenceNote: completed.challenge.referenceNote,
                  targetNote: completed.challenge.targetNote, initialCentOffset: completed.challenge.initialCentOffset,
                  userCentError: completed.userCentError, interval: completed.challenge.interval,
                  tuningSystem: completed.challenge.tuningSystem, referencePitch: completed.referencePitch,
                  controllerMode: completed.controllerMode, pitchBasis: pitchBasis)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.pitchMatching, interval: interval, tuningSystem: tuningSystem)
    }
}

extension PitchMatchingRecord: DisciplineRecord {
    public static var kind: DisciplineKind { .pitchMatching }
    public static func makeStatistics() -> any DisciplineStatistics { PitchMatchingDisciplineStatistics() }
    public var trendError: Cents? { userCentError }
}
