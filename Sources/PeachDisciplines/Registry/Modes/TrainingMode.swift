import Foundation
import PeachCore
import PeachPresentation

/// A training mode's stable name: the Start menu, plain mode and tests refer to modes by it.
public struct TrainingModeID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// One training mode of a discipline (`Discipline.modes`): everything the app needs to offer, start and
/// show it. The Start menu and plain mode list every registered discipline's modes by `menuRank`.
@MainActor
public protocol TrainingMode {
    var id: TrainingModeID { get }
    /// The Start screen's entry, e.g. "Start comparison training".
    var menuTitle: String { get }
    /// Plain-mode words that start the mode; the first is the short form the help shows.
    var plainWords: [String] { get }
    /// Plain mode prints this when the mode starts: what to listen for and how to answer.
    var plainIntro: String { get }
    /// Plain-mode words that answer while this mode runs ("h" → the up answer); the same in every language.
    var plainAnswers: [String: Gesture] { get }
    /// How `help` explains those words, e.g. "h / l = answer higher / lower" (modes that share it say it once).
    var plainAnswerHelp: String { get }
    /// Where the Start menu lists the mode, lowest first: 10 comparison, 20 pitch matching, 30 interval
    /// comparison, 40 interval matching, 50 threshold test; a new mode takes a free number.
    var menuRank: Int { get }
    /// The services its session takes from `SessionDependencies.services` beyond what every session takes (none
    /// by default); a composition test holds the root to offering each.
    var services: [ServiceNeed] { get }
    /// Creates the mode's session (once, at launch) from what every session needs.
    func makeSession(_ dependencies: SessionDependencies) -> any ModeSession
}

extension TrainingMode {
    public var services: [ServiceNeed] { [] }
}

/// What every mode's session is built from; the composition root fills it once.
@MainActor
public struct SessionDependencies {
    public var notePlayer: any NotePlayer
    /// Clicks scheduled on the sequencer's queue, for the timing disciplines.
    public var rhythmPlayer: any RhythmPlayer
    public var profile: PerceptualProfile
    public var settings: any TrainingSettingsSource
    public var clock: any TrainingClock
    public var logger: any PeachLogger
    public var interruptions: any InterruptionSource
    /// In the order they are told of a finished trial (the store first).
    public var observers: [any TrainingObserver]
    /// Told of each finished outcome that is not a trial, e.g. a threshold test's result (the store first).
    public var outcomeObservers: [any OutcomeObserver]
    /// What some modes take besides (`TrainingMode.services`).
    public var services: SessionServices

    public init(notePlayer: any NotePlayer, rhythmPlayer: any RhythmPlayer, profile: PerceptualProfile, settings: any TrainingSettingsSource,
                clock: any TrainingClock, logger: any PeachLogger, interruptions: any InterruptionSource,
                observers: [any TrainingObserver], outcomeObservers: [any OutcomeObserver] = [],
                services: SessionServices = SessionServices()) {
        self.services = services
        self.outcomeObservers = outcomeObservers
        self.notePlayer = notePlayer
        self.rhythmPlayer = rhythmPlayer
        self.profile = profile
        self.settings = settings
        self.clock = clock
        self.logger = logger
        self.interruptions = interruptions
        self.observers = observers
    }
}

/// What a screen of a running mode needs from the rest of the app.
@MainActor
public struct ModeScreenContext {
    public var warning: StatusWarning?
    /// The tuning control moved a moment ago (the pitch-matching "knob" light).
    public var knobMoving: Bool
    public var profile: PerceptualProfile

    public init(warning: StatusWarning?, knobMoving: Bool, profile: PerceptualProfile) {
        self.warning = warning
        self.knobMoving = knobMoving
        self.profile = profile
    }
}

/// Line mode's view of a running mode: a change of either field prints lines.
public struct PlainProgress: Hashable, Sendable {
    /// The session's phase, e.g. "playingNote2".
    public var phase: String
    /// Finished trials in this run: each new one prints its result first.
    public var finished: Int

    public init(phase: String, finished: Int) {
        self.phase = phase
        self.finished = finished
    }
}

/// A mode's session together with how it is shown and driven: full-screen model and keys, plain lines.
@MainActor
public protocol ModeSession: AnyObject {
    var session: any TrainingSession { get }
    /// Whether the running mode takes `gesture` now (e.g. answers only once note 2 has started); false for a
    /// gesture it takes none of.
    func accepts(_ gesture: Gesture) -> Bool
    /// Does what `gesture` means to this mode, if it takes it now.
    func perform(_ gesture: Gesture)
    func screen(_ context: ModeScreenContext) -> TrainingScreenModel
    /// The commands a key means while the mode runs (nil-free: unknown keys give none).
    func commands(for key: Key) -> [AppCommand]
    var plainProgress: PlainProgress { get }
    /// The lines for what changed since `previous`: the newest result, then the phase that began.
    func plainLines(after previous: PlainProgress?) -> [String]
    /// When the newest wrong answer was given while its feedback shows (the bell rings once for it); nil otherwise.
    var wrongAnswerShowing: Date? { get }
}
