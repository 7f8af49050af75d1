/// What the user did, in the terms of the devices every front end shares: an up or down answer, a tuning
/// control moved, a commit, a tap. No discipline is named here: a running mode declares which gestures it
/// takes and what each means to its session (`GestureMap` in the registry); the others mean nothing to it.
public enum Gesture: Hashable, Sendable {
    /// The up answer (↑, `h`, the 'higher' MIDI note); false is the down answer. A comparison reads it as
    /// "note 2 higher" or "wider", compare timing as "late".
    case answer(higher: Bool)
    /// A tuning control moved the tunable note by this many cents from where it is now (keys, relative knobs).
    case adjust(Cents, via: ControllerMode)
    /// A tuning control put the tunable note this far from the target (absolute controls, mapped anew per trial).
    case tune(centsFromTarget: Cents, via: ControllerMode)
    /// The tunable note already sounds this far from the target (a knob routed to it moved it): nothing is
    /// sent, the session only takes note, so a commit scores the pitch the synth was sent.
    case sounded(centsFromTarget: Cents, via: ControllerMode)
    /// Enter, space, a pedal or a wheel's release: the current tuning is the answer.
    case commit
    /// A tap. `at` is the kernel's timestamp on the rhythm's queue clock (a MIDI key, pad or footswitch);
    /// nil for the computer keyboard, stamped when the session reads it (less exact). `from` names the
    /// source, whose measured latency (the tap calibration) is taken off.
    case tap(at: QueueInstant?, from: TapSource)

    /// A computer-keyboard tap (space, Enter, plain mode's `x`).
    public static let keyboardTap = Gesture.tap(at: nil, from: .keyboard)

    /// A move of a tuning control (the "knob moved" light follows these).
    public var isTuningMove: Bool {
        switch self {
        case .adjust, .tune, .sounded: true
        case .answer, .commit, .tap: false
        }
    }
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
    /// Stops from any state; the returned task finishes once the notes are silenced.
    @discardableResult func stop() -> Task<Void, Never>
}

/// A session that takes inputs of its own kind (a comparison's answer, a matching's tuning moves, a tap):
/// its mode maps the user's gestures to them, so a session never sees an input that is not its own.
@MainActor
public protocol InputTakingSession: TrainingSession {
    associatedtype Input
    /// Whether `input` would do something right now (e.g. answers only once note 2 has started).
    func accepts(_ input: Input) -> Bool
    func handle(_ input: Input)
}
