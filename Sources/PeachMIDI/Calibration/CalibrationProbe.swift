import PeachCore

/// One note of the calibration sequence: what was played, when, and why, so its measured pitch
/// can be read back from the recording.
public struct CalibrationProbe: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        /// A key of the training range, bend centred: the key's own tuning.
        case keyTuning
        /// A wide bend at the sweep range: the synth's cents per bend semitone and whether RPN 0 holds.
        case bendScale
        /// A bend of a fraction of a cent: the synth's pitch resolution and how it rounds.
        case pitchFloor
        /// A bend of a few cents, off any coarse bend step's edge: how many bend bits the synth uses.
        case bendStep
    }

    public var purpose: Purpose
    public var channel: MIDIChannel
    public var note: MIDINote
    public var bend: PitchBend
    /// The bend range RPN 0 set on the probe's channel.
    public var declaredRange: BendRange
    public var startMilliseconds: Int
    public var durationMilliseconds: Int

    /// The offset the bend asks for at the declared range, for an exact synth.
    public var nominalOffset: Cents {
        Cents(Double(bend.value) / BendTuning.fullScale * declaredRange.nominal(honouringCents: false).value)
    }

    /// Where to measure: past the attack (its pitch transient) and before the note-off.
    public var windowMilliseconds: ClosedRange<Int> {
        (startMilliseconds + durationMilliseconds / 4)...(startMilliseconds + durationMilliseconds - 20)
    }
}
