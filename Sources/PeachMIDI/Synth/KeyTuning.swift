import PeachCore

/// How far each key of one synth preset sounds from equal temperament (A4 = the profile's concert
/// pitch) with the bend centred: SoundFont samples are each tuned a few cents differently. Measured
/// by calibration. An empty tuning (no calibration) takes every key as in tune; a calibrated one
/// knows only the keys it measured, and the player avoids the others (`BendTuning.placement(of:)`).
public struct KeyTuning: Hashable, Sendable {
    public private(set) var offsets: [MIDINote: Cents]

    public static let inTune = KeyTuning(offsets: [:])

    public init(offsets: [MIDINote: Cents]) { self.offsets = offsets }

    public func offset(of note: MIDINote) -> Cents { offsets[note] ?? .zero }

    public var isEmpty: Bool { offsets.isEmpty }

    /// Whether calibration measured `note`'s tuning.
    public func isMeasured(_ note: MIDINote) -> Bool { offsets[note] != nil }

    /// The keys of `keys` calibration did not measure (none for an empty tuning: it measured nothing
    /// and claims nothing beyond the built-in profile's "in tune").
    public func unmeasured(_ keys: ClosedRange<MIDINote>) -> [MIDINote] {
        isEmpty ? [] : keys.notes.filter { !isMeasured($0) }
    }

    /// The largest magnitude of any key's offset (zero when none was measured).
    public var largestOffset: Cents { offsets.values.map(\.magnitude).max() ?? .zero }
}
