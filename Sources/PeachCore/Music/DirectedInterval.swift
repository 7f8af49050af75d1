import PeachText

/// Whether the second note of a trial (the target) lies above or below the reference note.
public enum IntervalDirection: String, CaseIterable, Hashable, Sendable {
    case up
    case down

    /// +1 or −1.
    public var sign: Int {
        switch self {
        case .up: 1
        case .down: -1
        }
    }

    /// "↑" or "↓" for screens.
    public var arrow: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        }
    }
}

/// An interval together with its direction: the target note is `interval` above or below the reference.
/// Records do not store the direction: it is implied by the notes (the target below the reference is down).
public struct DirectedInterval: Hashable, Sendable, CustomStringConvertible {
    public var interval: Interval
    public var direction: IntervalDirection

    public init(_ interval: Interval, _ direction: IntervalDirection = .up) {
        self.interval = interval
        self.direction = direction
    }

    /// The interval between two notes; direction down when `target` is below `reference`.
    /// Nil when they are more than an octave apart.
    public init?(from reference: MIDINote, to target: MIDINote) {
        let distance = target.rawValue - reference.rawValue
        guard let interval = Interval(semitones: abs(distance)) else { return nil }
        self.init(interval, distance < 0 ? .down : .up)
    }

    /// Signed cents from the reference to the target in 12-TET or just intonation: negative going down. The same
    /// magnitude both ways, so the pair sounds the same just interval relative to its lower note. A scale tuning's
    /// sizes depend on the reference note: `TuningSystem.placement(of:from:referencePitch:)`.
    public func cents(in system: TuningSystem) -> Cents {
        system.cents(of: interval) * Double(direction.sign)
    }

    /// The target key for `reference`; nil when it would leave the MIDI range.
    public func target(from reference: MIDINote) -> MIDINote? {
        reference.transposed(by: interval.semitones * direction.sign)
    }

    /// Reference notes within `range` whose target also lies within it; nil when the range is too narrow.
    public func referenceRange(within range: ClosedRange<MIDINote>) -> ClosedRange<MIDINote>? {
        let span = interval.semitones
        let low = range.lowerBound.rawValue + (direction == .down ? span : 0)
        let high = range.upperBound.rawValue - (direction == .up ? span : 0)
        guard low <= high, let lowNote = MIDINote(low), let highNote = MIDINote(high) else { return nil }
        return lowNote...highNote
    }

    /// "P5 ↑", "TT ↓".
    public var description: String { "\(interval.shortName) \(direction.arrow)" }

    /// "perfect fifth up".
    public var spokenName: String { tr(direction == .up ? .intervalUp : .intervalDown, ["interval": interval.name]) }
}

/// How the two notes of an interval trial sound: one after the other (the default), or together.
public enum IntervalPresentation: String, CaseIterable, Hashable, Sendable {
    case melodic
    case harmonic

    /// For screens, in the user's language; `rawValue` is the configuration file's word.
    public var name: String { tr(self == .melodic ? .presentationMelodic : .presentationHarmonic) }
}
