import PeachCore

// Families/ComparisonTrials/ holds what every discipline whose trials ask "two notes: higher or lower?" shares, as
// Families/Rhythm/ holds what the timing disciplines share: the trial (`Comparison`, `CompletedComparison`), the session that plays
// and scores it under a `ComparisonStrategy`, and how it is shown and answered (`ComparisonModeSession`,
// `ComparisonScreen`, `ComparisonKeys`). Unison and interval comparison (Comparison/) and the threshold test
// (ThresholdTest/) bring their own strategies, records and reports.

/// One pitch-discrimination trial: a reference note, then the target note `interval` above or below it
/// (tuned in `tuningSystem`), moved `centOffset` away from that in-tune pitch. For unisons both notes are the same.
public struct Comparison: Hashable, Sendable {
    public var referenceNote: MIDINote
    /// The key of the in-tune target: `referenceNote` moved by the interval's semitones, up or down.
    public var targetNote: MIDINote
    /// Signed: positive means the second note is higher than the in-tune target. Never zero in a generated comparison.
    public var centOffset: Cents
    public var interval: Interval
    public var tuningSystem: TuningSystem
    /// Interval modes only: melodic (one after the other) or harmonic (together). Not recorded.
    public var presentation: IntervalPresentation

    public init(referenceNote: MIDINote, targetNote: MIDINote? = nil, centOffset: Cents,
                interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament,
                presentation: IntervalPresentation = .melodic) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote ?? referenceNote
        self.centOffset = centOffset
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.presentation = presentation
    }

    /// Down when the target lies below the reference.
    public var direction: IntervalDirection { targetNote < referenceNote ? .down : .up }

    public var directedInterval: DirectedInterval { DirectedInterval(interval, direction) }

    public var isTargetHigher: Bool { centOffset.value > 0 }

    /// The played interval is wider than the in-tune one: the target is moved away from the reference.
    public var isWider: Bool { direction == .up ? isTargetHigher : !isTargetHigher }

    /// What "the up answer" (↑, `h`, the MIDI 'higher' note) says about note 2: higher for a unison or an
    /// upward interval; for a downward interval ↑ means wider, i.e. note 2 lower.
    public func secondNoteHigher(answeredUp up: Bool) -> Bool {
        direction == .up ? up : !up
    }

    /// Where the two notes sound in the tuning system: a scale tuning moves the reference key to its degree's pitch.
    public func tuned(_ reference: ReferencePitch) -> TunedInterval {
        tuningSystem.placement(of: directedInterval, from: referenceNote, referencePitch: reference)
    }

    public func referenceFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote, offset: tuned(reference).referenceOffset).frequency(reference: reference)
    }

    /// The reference note's frequency shifted by the interval's cents in the tuning system, plus the offset.
    public func targetFrequency(_ reference: ReferencePitch) -> Frequency {
        DetunedMIDINote(note: referenceNote, offset: tuned(reference).targetOffset + centOffset).frequency(reference: reference)
    }

    public var discipline: TrainingDiscipline {
        TrainingDiscipline(.comparison, interval: interval, tuningSystem: tuningSystem)
    }
}

extension TrainingDiscipline {
    public static let unisonComparison = TrainingDiscipline(.comparison)
}
