/// A Scala scale as Peach trains in it: the scale, placed on the keyboard and anchored by an optional keyboard
/// mapping (docs/tunings.md, "How Peach places a scale").
///
/// - Degree 0 (the 1/1) belongs to the mapping's middle key (C4 without a mapping).
/// - The anchor: the mapping's reference key sounds at its frequency; without a mapping A4 sounds at the
///   training reference pitch. The anchor key plays the degree nearest its 12-TET distance from the middle key.
/// - A 12-note octave scale is played key by key, as Scala plays it: key k is degree k − middle, and an interval of
///   n semitones is n steps, so meantone's G♯–C is the wolf it is on a keyboard. Any other scale is placed by pitch:
///   a key plays the degree nearest its 12-TET pitch and an interval spans the steps nearest its 12-TET size
///   ("P5" in 31-EDO is degree 18, 696.8 c).
/// The mapping's key pattern is not used: Peach draws trials by interval, not by key.
public struct ScaleTuning: Hashable, Sendable {
    public let name: String
    public let scale: ScalaScale
    public let mapping: ScalaKeyboardMapping?

    public init(name: String, scale: ScalaScale, mapping: ScalaKeyboardMapping?) {
        self.name = name
        self.scale = scale
        self.mapping = mapping
    }

    /// Whether keys play consecutive degrees (12 notes to a 1200-cent period).
    public var isKeyboardScale: Bool {
        scale.noteCount == 12 && abs(scale.period.value - Cents.perOctave) < 1e-6
    }

    var middleNote: MIDINote { mapping?.middleNote ?? .c4 }
    var anchorNote: MIDINote { mapping?.referenceNote ?? .a4 }

    public func placement(of interval: DirectedInterval, from reference: MIDINote,
                          referencePitch: ReferencePitch) -> TunedInterval {
        let degreeZero = degreeZeroCents(referencePitch: referencePitch)
        let referenceDegree = degree(of: reference, degreeZero: degreeZero)
        let semitones = interval.interval.semitones * interval.direction.sign
        let steps = isKeyboardScale ? semitones
            : scale.nearestDegree(to: scale.cents(ofDegree: referenceDegree) + Cents(Double(semitones) * Cents.perSemitone))
                - referenceDegree
        let referencePitchCents = degreeZero + scale.cents(ofDegree: referenceDegree)
        return TunedInterval(referenceOffset: referencePitchCents - Self.equalTempered(reference),
                             size: scale.interval(from: referenceDegree, to: referenceDegree + steps),
                             degrees: TunedInterval.Degrees(reference: referenceDegree, steps: steps))
    }

    /// The degree key `note` plays.
    func degree(of note: MIDINote, degreeZero: Cents) -> Int {
        isKeyboardScale ? note.rawValue - middleNote.rawValue
            : scale.nearestDegree(to: Self.equalTempered(note) - degreeZero)
    }

    /// Degree 0's pitch in cents above A4 at the training reference pitch.
    func degreeZeroCents(referencePitch: ReferencePitch) -> Cents {
        let anchorShift = mapping.map {
            Cents.between(DetunedMIDINote(note: $0.referenceNote).frequency(reference: referencePitch), and: $0.referenceFrequency)
        } ?? .zero
        let anchorDistance = Cents(Double(anchorNote.rawValue - middleNote.rawValue) * Cents.perSemitone)
        let anchorDegree = isKeyboardScale ? anchorNote.rawValue - middleNote.rawValue : scale.nearestDegree(to: anchorDistance)
        return Self.equalTempered(anchorNote) + anchorShift - scale.cents(ofDegree: anchorDegree)
    }

    /// A key's 12-TET pitch in cents above A4.
    static func equalTempered(_ note: MIDINote) -> Cents {
        Cents(Double(note.rawValue - MIDINote.a4.rawValue) * Cents.perSemitone)
    }
}

extension ScalaScale {
    /// The degree whose pitch lies nearest `cents` above the 1/1 (in any period, up or down); the lower on a tie.
    public func nearestDegree(to pitch: Cents) -> Int {
        let count = noteCount
        guard count > 0, period.value > 0 else { return 0 }
        let periods = Int((pitch.value / period.value).rounded(.down))
        let within = pitch - period * Double(periods)
        var best = 0
        for index in 0...count where abs((cents(ofDegree: index) - within).value) < abs((cents(ofDegree: best) - within).value) {
            best = index
        }
        return periods * count + best
    }
}
