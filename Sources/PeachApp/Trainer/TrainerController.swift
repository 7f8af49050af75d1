import Foundation
import Observation
import PeachCore
import PeachMIDI

/// The trainer behind every user interface: which screen is up, the two sessions, the profile,
/// quiet breaks, the output's state and what went wrong. Full-screen and plain mode both send it
/// `AppCommand`s and draw its `snapshot`. It never resumes training by itself.
@MainActor @Observable
public final class TrainerController: ComparisonObserver, PitchMatchingObserver {
    /// Keyboard tuning steps in pitch matching (←/→ and Shift+←/→).
    public static let fineStep = Cents(1)
    public static let coarseStep = Cents(10)

    public private(set) var requestedScreen: AppScreen = .start
    /// The last thing the user should know (an interruption, a refused start); cleared by the next start.
    public private(set) var message: String?
    public private(set) var quitRequested = false
    /// The output service's latest state (connection, pause reason), fed by the composition root
    /// through `outputStateChanged`.
    public private(set) var outputState = OutputServiceState()
    /// Counts tuning moves so the pitch-matching screen can show "knob moved" without any number.
    public private(set) var tuningActivity = 0
    /// When the last tuning move happened, so the "knob moved" light can go out a moment later.
    @ObservationIgnored public private(set) var lastTuningMove: Date?
    public private(set) var breaks: QuietBreakSchedule
    /// Refreshed once a second while the break screen is up.
    public private(set) var now: Date

    public let comparison: ComparisonSession
    public let pitchMatching: PitchMatchingSession
    public let profile: PerceptualProfile
    public let history: TrainingHistory
    @ObservationIgnored public var controllerDecoder: ControllerDecoder
    /// Keeps a control taken by MIDI-learn (the composition root saves it to the config file);
    /// returns a problem to show, or nil.
    @ObservationIgnored public var saveLearnedBinding: @MainActor (ControllerBinding) -> String? = { _ in nil }
    /// How long a stop the user asked for fades out ([safety] fade_seconds). Interruptions, a lost
    /// synth and quitting cut at once.
    @ObservationIgnored public var userStopFade: Duration = .milliseconds(300)
    /// Connects to the synth the announce port offered (set by the composition root).
    @ObservationIgnored public var connectOffered: (@MainActor () async throws -> Void)?
    /// Why results are not being saved (the store's persistent warning); nil while saving works.
    @ObservationIgnored public var saveWarning: @MainActor () -> String? = { nil }

    @ObservationIgnored private let output: any TrainingOutput
    @ObservationIgnored private let clock: any TrainingClock
    @ObservationIgnored private let logger: any PeachLogger
    @ObservationIgnored private var interruptionTask: Task<Void, Never>?
    @ObservationIgnored private var breakTask: Task<Void, Never>?
    @ObservationIgnored private var mappedChallenge: PitchMatchingChallenge?
    @ObservationIgnored private var random = SystemRandomNumberGenerator()

    public init(comparison: ComparisonSession, pitchMatching: PitchMatchingSession, profile: PerceptualProfile,
                history: TrainingHistory, output: any TrainingOutput, clock: any TrainingClock,
                interruptions: any InterruptionSource, breaks: QuietBreakSchedule = QuietBreakSchedule(),
                controllerDecoder: ControllerDecoder = ControllerDecoder(binding: nil),
                logger: any PeachLogger = SilentLogger()) {
        self.comparison = comparison
        self.pitchMatching = pitchMatching
        self.profile = profile
        self.history = history
        self.output = output
        self.clock = clock
        self.breaks = breaks
        self.controllerDecoder = controllerDecoder
        self.logger = logger
        self.now = clock.now()
        for observer: any ComparisonObserver & PitchMatchingObserver in [profile, history, self] {
            comparison.addObserver(observer)
            pitchMatching.addObserver(observer)
        }
        let events = interruptions.events()
        interruptionTask = Task { [weak self] in
            for await event in events { self?.interruptionArrived(event) }
        }
    }

    /// The screen to draw: a training screen whose session stopped by itself (a failed synth, an
    /// interruption) shows Start, with the session's reason in `statusLine`.
    public var screen: AppScreen {
        switch requestedScreen {
        case .comparison where !comparison.isTraining, .pitchMatching where !pitchMatching.isTraining: .start
        default: requestedScreen
        }
    }

    /// What went wrong most recently, for the status line of every screen.
    public var statusLine: String? {
        trainingStatus ?? saveWarning()
    }

    /// The controller's own message, else why a session stopped by itself (it says so until the next start).
    public var trainingStatus: String? {
        message ?? comparison.statusMessage ?? pitchMatching.statusMessage
    }

    // MARK: Commands

    public func handle(_ command: AppCommand) async {
        switch command {
        case .open(let target) where target.isTraining:
            await startTraining(target)
        case .open(let target):
            // The new screen shows at once; the old session's notes are silenced behind it.
            requestedScreen = target
            await stopTraining()
        case .back:
            await leaveScreen()
        case .quit:
            await stopTraining()
            await output.stop(fadeOut: nil)
            quitRequested = true
        case .answer(let higher):
            if screen == .comparison { comparison.answer(higher: higher) }
        case .adjust(let cents):
            guard screen == .pitchMatching, pitchMatching.isAdjustable else { return }
            noteTuningMove()
            pitchMatching.adjust(byCents: cents)
        case .tune(let cents):
            guard screen == .pitchMatching, pitchMatching.isAdjustable else { return }
            noteTuningMove()
            pitchMatching.adjust(toCentsFromTarget: cents)
        case .commit:
            if screen == .pitchMatching { pitchMatching.commit() }
        case .snooze:
            snoozeBreak()
        case .learnController:
            controllerDecoder.startLearning()
            message = "Move the control you want to tune with…"
        case .connectOfferedSynth:
            await connectToOfferedSynth()
        case .redraw, .suspend:
            break  // handled by the runner and the interface
        }
    }

    /// A batch of controller MIDI in arrival order (everything that came in since the main actor last
    /// looked): decoded event by event, then collapsed by `ControllerActionBatch` (the newest knob
    /// position only, relative steps summed, commits and answers in place) and applied.
    public func handleMIDI(_ inputs: [SequencerInput]) async {
        var actions: [ControllerAction] = []
        for input in inputs {
            if pitchMatching.currentChallenge != mappedChallenge {
                mappedChallenge = pitchMatching.currentChallenge
                controllerDecoder.newChallenge(using: &random)
            }
            actions += controllerDecoder.decode(input)
        }
        for action in ControllerActionBatch.coalesce(actions) {
            switch action {
            case .setCents(let cents): await handle(.tune(centsFromTarget: cents))
            case .adjustByCents(let cents): await handle(.adjust(cents))
            case .commit: await handle(.commit)
            case .answerHigher: await handle(.answer(higher: true))
            case .answerLower: await handle(.answer(higher: false))
            case .learned(let binding):
                message = "Tuning control learned: \(binding)." + (saveLearnedBinding(binding).map { " \($0)" } ?? " Saved.")
            }
        }
    }

    private func noteTuningMove() {
        tuningActivity += 1
        lastTuningMove = clock.now()
    }

    /// Stops both sessions and waits until their notes are silenced.
    public func stopTraining() async {
        let stops = [comparison.stop(), pitchMatching.stop()]
        for stop in stops { await stop.value }
    }

    /// New settings from the configuration file, applied at once: quiet-break times (a running
    /// countdown keeps its wall-clock target) and the MIDI controller mapping.
    public func configurationChanged(breaks settings: QuietBreakSchedule.Settings, binding: ControllerBinding?,
                                     triggers: ControllerTriggers) {
        breaks.settings = settings
        if controllerDecoder.binding != binding { controllerDecoder.rebind(binding) }
        controllerDecoder.triggers = triggers
    }

    /// The output service published a new state.
    public func outputStateChanged(_ state: OutputServiceState) {
        outputState = state
    }

    // MARK: Training

    private func startTraining(_ target: AppScreen) async {
        await stopTraining()
        if case .onBreak = breaks.status(at: clock.now()) {
            requestedScreen = .quietBreak
            return
        }
        do {
            try await output.play()
        } catch {
            message = "Cannot start training: \(error). Connect a synth (peach --port ADDR, or --synth fluidsynth)."
            requestedScreen = .start
            return
        }
        message = nil
        requestedScreen = target
        breaks.trainingStarted(at: clock.now())
        if target == .comparison { comparison.start() } else { pitchMatching.start() }
    }

    private func leaveScreen() async {
        switch screen {
        case .quietBreak:
            snoozeBreak()
        case .comparison, .pitchMatching:
            // Start shows at once, so no answer or commit can complete the trial any more; what
            // sounds fades out over `userStopFade`, then the sessions stop and discard the trial.
            requestedScreen = .start
            await output.stop(fadeOut: userStopFade)
            await stopTraining()
        case .start, .profile, .settings, .info:
            requestedScreen = .start
        }
    }

    private func connectToOfferedSynth() async {
        guard let connectOffered, outputState.offeredDestination != nil else { return }
        do {
            try await connectOffered()
            message = "Connected. Start training when you are ready."
        } catch {
            message = "Could not connect to the new synth: \(error)"
        }
    }

    private func interruptionArrived(_ event: InterruptionEvent) {
        switch event {
        case .outputAvailable(let name):
            outputState.offeredDestination = name
        case .interruptionEnded:
            break
        case .suspended, .outputLost, .interrupted:
            // The sessions say why they stopped; the output state carries a lost synth and how to reconnect.
            if requestedScreen.isTraining { requestedScreen = .start }
        }
    }

    // MARK: Observers: quiet breaks come after a finished trial

    public func comparisonCompleted(_ completed: CompletedComparison) throws { breakIfDue() }
    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws { breakIfDue() }

    private func breakIfDue() {
        guard breaks.status(at: clock.now()) == .due else { return }
        comparison.stop()
        pitchMatching.stop()
        breaks.breakStarted(at: clock.now())
        requestedScreen = .quietBreak
        let output = output
        Task { await output.pause(.quietBreak) }
        runBreakCountdown()
    }

    private func runBreakCountdown() {
        breakTask?.cancel()
        breakTask = Task { [weak self, clock] in
            while !Task.isCancelled {
                guard let self else { return }
                self.now = clock.now()
                if self.breaks.status(at: self.now) == .breakOver {
                    self.breaks.breakFinished()
                    if self.requestedScreen == .quietBreak { self.requestedScreen = .start }
                    return
                }
                try? await clock.sleep(for: .seconds(1))
            }
        }
    }

    private func snoozeBreak() {
        guard breaks.snooze(at: clock.now()) else {
            message = "The break was already snoozed once; rest your ears for the remaining time."
            return
        }
        breakTask?.cancel()
        if requestedScreen == .quietBreak { requestedScreen = .start }
    }
}
