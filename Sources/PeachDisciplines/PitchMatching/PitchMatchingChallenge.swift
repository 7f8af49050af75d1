import PeachCore

/// One pitch-matching trial: the reference note, then a tunable note starting `initialCentOffset` away from
/// the target pitch — `interval` above or below the reference, tuned in `tuningSystem`; the user tunes it back.
public struct PitchMatchingChallenge: Hashable, Sendable {
    public var referenceNote: MIDINote
    /// The key of the in-tune target: `referenceNote` moved by the interval's semitones, up or down.
    public var targetNote: MIDINote
    public var initialCentOffset: Cents
    public var interval: Interval
    public var tuningSystem: TuningSystem
    /// Interval modes only: harmonic keeps the reference sounding while the user tunes. Not recorded.
    public var presentation: IntervalPresentation

    public init(referenceNote: MIDINote, targetNote: MIDINote? = nil, initialCentOffset: Cents,
                interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament,
                presentation: IntervalPresentation = .melodic) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote ?? referenceNote
        self.initialCentOffset = initialCentOffset
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.presentation = presentation
    }

    /// Down when the target lies below the reference.
    public var direction: IntervalDirection { targetNote < referenceNote ? .down : .up }

    public var directedInterval: DirectedInterval { DirectedInterval(interval, direction) }

    /// Where the two notes sound in the tuning system: a scale tuning moves the reference key to its degree's pitch.
    public func tuned(_ reference: ReferencePitch) -> TunedInterval {
        tuningSystem.placement(of: directedInterval, from: referenceNote, referencePitch: reference)
    }

    public func referenceFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote, offset: tuned(reference).referenceOffset).frequency(reference: reference)
    }

    /// Where the user should tune to: the reference shifted by the interval's cents in the tuning system.
    public func targetFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote, offset: tuned(reference).targetOffset).frequency(reference: reference)
    }

    /// Where the tunable note starts.
    public func initialFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote, offset: tuned(reference).targetOffset + initialCentOffset)
            .frequency(reference: reference)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.pitchMatching, interval: interval, tuningSystem: tuningSystem)
    }
}

extension DisciplineKind {
    /// The kind of this core session's trials (its discipline's folder owns records, codecs and reports).
    public static let pitchMatching = DisciplineKind("pitchMatching", name: "pitch matching")
}

extension TrainingDiscipline {
    public static let unisonPitchMatching = TrainingDiscipline(.pitchMatching)
}
