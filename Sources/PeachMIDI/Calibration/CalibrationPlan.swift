import PeachCore

/// What a calibration measures, whichever way the synth is heard (rendered offline or captured live):
/// the preset, the bend range Peach will set, and the keys. Its `sequence` is the notes to play.
public struct CalibrationPlan: Hashable, Sendable {
    /// The sample rate calibration renders or records at.
    public static let sampleRate = 44100

    public var instrument: InstrumentSelection
    public var bendRange: BendRange
    public var keys: ClosedRange<MIDINote>

    public init(instrument: InstrumentSelection, bendRange: BendRange, keys: ClosedRange<MIDINote>) {
        self.instrument = instrument
        self.bendRange = bendRange
        self.keys = keys
    }

    public var sequence: CalibrationSequence { CalibrationSequence(keys: keys, instrument: instrument, bendRange: bendRange) }
}
