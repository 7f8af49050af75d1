import PeachCore

/// What a mode makes of the user's gestures: its session's own input for each gesture it takes, nothing for the
/// others. A mode declares only what it takes (`GestureMap(answer: { .answer(up: $0) })`); the one switch over
/// the device vocabulary is here, so no session or mode carries arms for inputs that are not its own.
public struct GestureMap<Input> {
    public typealias Tuning = (Cents, ControllerMode) -> Input

    public var answer: ((_ up: Bool) -> Input)?
    /// By so many cents, to so many cents from the target, already sounding so far from it (`Gesture`).
    public var adjust: Tuning?
    public var tune: Tuning?
    public var sounded: Tuning?
    public var commit: Input?
    public var tap: ((Tap) -> Input)?

    public init(answer: ((_ up: Bool) -> Input)? = nil, adjust: Tuning? = nil, tune: Tuning? = nil, sounded: Tuning? = nil,
                commit: Input? = nil, tap: ((Tap) -> Input)? = nil) {
        self.answer = answer
        self.adjust = adjust
        self.tune = tune
        self.sounded = sounded
        self.commit = commit
        self.tap = tap
    }

    public func input(for gesture: Gesture) -> Input? {
        switch gesture {
        case .answer(let up): answer?(up)
        case .adjust(let cents, let via): adjust?(cents, via)
        case .tune(let cents, let via): tune?(cents, via)
        case .sounded(let cents, let via): sounded?(cents, via)
        case .commit: commit
        case .tap(let instant, let source): tap?(Tap(at: instant, from: source))
        }
    }
}

/// A mode session whose gestures go to one session through its `GestureMap`: `accepts` and `perform` for free.
@MainActor
public protocol GestureDrivenModeSession: ModeSession {
    associatedtype Driven: InputTakingSession
    /// The session the gestures drive.
    var driven: Driven { get }
    var gestures: GestureMap<Driven.Input> { get }
}

extension GestureDrivenModeSession {
    public var session: any TrainingSession { driven }

    public func accepts(_ gesture: Gesture) -> Bool {
        gestures.input(for: gesture).map { driven.accepts($0) } ?? false
    }

    public func perform(_ gesture: Gesture) {
        guard let input = gestures.input(for: gesture), driven.accepts(input) else { return }
        driven.handle(input)
    }
}
