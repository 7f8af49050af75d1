/// What a user can do inside a running training mode. Each session ignores the inputs it has no use for.
public enum TrainingInput: Hashable, Sendable {
    /// Comparison: the up answer (↑, `h`, the 'higher' MIDI note): note 2 higher for a unison, the interval
    /// wider for an interval comparison (note 2 lower on a downward interval); false is the down answer.
    case answer(higher: Bool)
    /// Matching: move the tunable note by this many cents from where it is now.
    case adjust(Cents, via: ControllerMode)
    /// Matching: put the tunable note this far from the target (absolute controls, mapped anew per challenge).
    case tune(centsFromTarget: Cents, via: ControllerMode)
    /// Matching: the tunable note already sounds this far from the target (a knob routed to it moved it);
    /// nothing is sent, the session only takes note, so a commit scores the pitch the synth was sent.
    case sounded(centsFromTarget: Cents, via: ControllerMode)
    /// Matching: the current tuning is the answer.
    case commit
    /// Timing: a tap. `at` is the kernel's timestamp on the rhythm's queue clock (a MIDI key, pad or
    /// footswitch); nil for the computer keyboard, stamped when the session reads it (less exact). `from`
    /// names the source, whose measured latency (the tap calibration) is taken off.
    case tap(at: QueueInstant?, from: TapSource)

    /// A computer-keyboard tap (space, Enter, plain mode's `x`).
    public static let keyboardTap = TrainingInput.tap(at: nil, from: .keyboard)
}

/// Told when a held, tunable note starts sounding, with its handle: the app may route a knob straight
/// to it (`KnobRoutable` in the MIDI layer) so tuning does not wait for the main actor.
@MainActor
public protocol TunableNoteObserver: AnyObject {
    func tunableNoteStarted(_ handle: any PlaybackHandle, target: Frequency, trialNumber: Int)
}

/// One training mode's loop, as the app drives it: start, inputs, stop. Every session keeps the same
/// promises: `stop` works from every state and is idempotent, an unfinished trial is discarded (no
/// observer hears of it), feedback lasts `TrainingSettings.feedbackDuration`, and nothing resumes by itself.
@MainActor
public protocol TrainingSession: AnyObject {
    /// Anything but idle: the training screen is up.
    var isTraining: Bool { get }
    /// Why training stopped by itself (player failure, interruption); nil after `start`.
    var statusMessage: String? { get }
    /// Changes whenever a new trial begins (absolute controls re-draw their mapping then); nil while idle.
    var trialNumber: Int? { get }
    /// Starts a new run from idle; ignored otherwise.
    func start()
    /// Whether `input` would do something right now (e.g. answers only once note 2 has started).
    func accepts(_ input: TrainingInput) -> Bool
    func handle(_ input: TrainingInput)
    /// Stops from any state; the returned task finishes once the notes are silenced.
    @discardableResult func stop() -> Task<Void, Never>
}
