import PeachCore

/// How far each key of one synth preset sounds from equal temperament (A4 = the profile's concert
/// pitch) with the bend centred: SoundFont samples are each tuned a few cents differently. Measured
/// by calibration; keys it did not measure count as in tune.
public struct KeyTuning: Hashable, Sendable {
    public private(set) var offsets: [MIDINote: Cents]

    public static let inTune = KeyTuning(offsets: [:])

    public init(offsets: [MIDINote: Cents]) { self.offsets = offsets }

    public func offset(of note: MIDINote) -> Cents { offsets[note] ?? .zero }

    public var isEmpty: Bool { offsets.isEmpty }

    /// The largest magnitude of any key's offset (zero when none was measured).
    public var largestOffset: Cents { offsets.values.map(\.magnitude).max() ?? .zero }
}
