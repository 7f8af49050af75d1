import Foundation

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

    public init(timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, intendedCentOffset: Cents,
                presentedCentOffset: Cents, answeredHigher: Bool, isCorrect: Bool,
                interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament,
                referencePitch: ReferencePitch = .standard, velocity: MIDIVelocity? = nil, outputName: String? = nil) {
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
    }

    public init(_ completed: CompletedComparison, outputName: String?) {
        self.init(timestamp: completed.timestamp, referenceNote: completed.comparison.referenceNote,
                  targetNote: completed.comparison.targetNote, intendedCentOffset: completed.comparison.centOffset,
                  presentedCentOffset: completed.presentedCentOffset, answeredHigher: completed.answeredHigher,
                  isCorrect: completed.isCorrect, interval: completed.comparison.interval,
                  tuningSystem: completed.comparison.tuningSystem, referencePitch: completed.referencePitch,
                  velocity: completed.velocity, outputName: outputName)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.comparison, interval: interval, tuningSystem: tuningSystem)
    }
}

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

    public init(timestamp: Date, referenceNote: MIDINote, targetNote: MIDINote, initialCentOffset: Cents,
                userCentError: Cents, interval: Interval = .perfectUnison,
                tuningSystem: TuningSystem = .equalTemperament, referencePitch: ReferencePitch = .standard,
                controllerMode: ControllerMode? = nil) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.referencePitch = referencePitch
        self.controllerMode = controllerMode
    }

    public init(_ completed: CompletedPitchMatching) {
        self.init(timestamp: completed.timestamp, referenceNote: completed.challenge.referenceNote,
                  targetNote: completed.challenge.targetNote, initialCentOffset: completed.challenge.initialCentOffset,
                  userCentError: completed.userCentError, interval: completed.challenge.interval,
                  tuningSystem: completed.challenge.tuningSystem, referencePitch: completed.referencePitch,
                  controllerMode: completed.controllerMode)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.pitchMatching, interval: interval, tuningSystem: tuningSystem)
    }
}

/// One line of training history.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(ComparisonRecord)
    case pitchMatching(PitchMatchingRecord)
    /// A finished threshold test's result: not a trial, no discipline of its own.
    case thresholdTest(ThresholdTestRecord)

    public var timestamp: Date {
        switch self {
        case .comparison(let record): record.timestamp
        case .pitchMatching(let record): record.timestamp
        case .thresholdTest(let record): record.timestamp
        }
    }

    /// The discipline a trial belongs to; nil for a threshold-test result (profile and trends skip it).
    public var discipline: TrainingDiscipline? {
        switch self {
        case .comparison(let record): record.discipline
        case .pitchMatching(let record): record.discipline
        case .thresholdTest: nil
        }
    }
}
