import PeachCore

/// What every record of a run says about where its trial was played, beside the outcome itself: the synth or
/// port the notes went to, and what the pitch Peach computed for them rests on. The composition root
/// determines both at start, from what it wired, and again when the user connects to another synth.
public struct RecordContext: Hashable, Sendable {
    /// The synth or port the notes go to, e.g. "FLUID Synth (1234)".
    public var outputName: String?
    /// Measured, built-in or assumed; nil where nobody said (tests, tools).
    public var pitchBasis: PitchBasis?

    public init(outputName: String? = nil, pitchBasis: PitchBasis? = nil) {
        self.outputName = outputName
        self.pitchBasis = pitchBasis
    }

    /// The basis a trial's record states: the run's, or at most `assumed` when a note of the trial sounded on
    /// a key the calibration did not measure (`PitchBasis.onUnmeasuredKey`).
    public func pitchBasis(soundedOnUnmeasuredKey: Bool) -> PitchBasis? {
        soundedOnUnmeasuredKey ? pitchBasis?.onUnmeasuredKey : pitchBasis
    }
}
