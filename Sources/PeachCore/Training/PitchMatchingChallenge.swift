/// One pitch-matching trial: the reference note, then a tunable note starting `initialCentOffset`
/// away from the target note's pitch; the user tunes it back.
public struct PitchMatchingChallenge: Hashable, Sendable {
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    public var initialCentOffset: Cents
    public var interval: Interval
    public var tuningSystem: TuningSystem

    public init(referenceNote: MIDINote, targetNote: MIDINote? = nil, initialCentOffset: Cents,
                interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote ?? referenceNote
        self.initialCentOffset = initialCentOffset
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    public func referenceFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote).frequency(reference: reference)
    }

    /// Where the user should tune to.
    public func targetFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: targetNote).frequency(reference: reference)
    }

    /// Where the tunable note starts.
    public func initialFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: targetNote, offset: initialCentOffset).frequency(reference: reference)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.pitchMatching, interval: interval, tuningSystem: tuningSystem)
    }
}
