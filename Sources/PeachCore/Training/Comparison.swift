/// One pitch-discrimination trial: a reference note, then the target note `centOffset` away from
/// the target note's own pitch. For unisons (P1, the only interval trained for now) both notes are the same.
public struct Comparison: Hashable, Sendable {
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    /// Signed: positive means the second note is higher. Never zero in a generated comparison.
    public var centOffset: Cents
    public var interval: Interval
    public var tuningSystem: TuningSystem

    public init(referenceNote: MIDINote, targetNote: MIDINote? = nil, centOffset: Cents,
                interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote ?? referenceNote
        self.centOffset = centOffset
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    public var isTargetHigher: Bool { centOffset.value > 0 }

    public func referenceFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote).frequency(reference: reference)
    }

    public func targetFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: targetNote, offset: centOffset).frequency(reference: reference)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.comparison, interval: interval, tuningSystem: tuningSystem)
    }
}
