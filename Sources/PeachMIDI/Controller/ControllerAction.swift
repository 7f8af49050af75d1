import PeachCore

/// What a controller message asks the training for. The app routes these to the active session;
/// each session ignores what it has no use for (comparison: answers; pitch matching: cents, commit).
public enum ControllerAction: Hashable, Sendable {
    /// Tune the tunable note to `Cents` from the target (absolute controls, mapped per challenge).
    case setCents(Cents)
    /// The tunable note already sounds `Cents` from the target: the sequencer thread bent it (`TuningRoute`).
    case routedCents(Cents)
    /// Move the tunable note by this much (relative encoders, the pitch wheel's push).
    case adjustByCents(Cents)
    /// Take the current pitch as the answer (commit triggers; the pitch wheel let go after a hold).
    case commit
    case answerHigher
    case answerLower
    /// MIDI-learn finished: this control is now the slider.
    case learned(ControllerBinding)
    /// A key or pad struck while a timing mode takes taps, stamped by the kernel on the queue clock; `source`
    /// is the port it came from (its client's name says which device, for the tap calibration).
    case tap(at: QueueInstant?, source: SequencerAddress)
}
